// The entry of a command's script (scripts/fast-paths.mjs builds one for each command with a
// path of its own; command-script.ts runs it): the program, which declares only the command
// named. It runs on the main thread only; the loader's worker thread starts from the built
// form's entry (given as __monitorsEntry), as it does from the split build.
import { runProgram } from '../program.js';
import { setBundleEntry } from '../worker/worker-script.js';

declare const __monitorsEntry: string;

setBundleEntry(__monitorsEntry);
// A failure of the program itself ends the process as a rejected top-level await would.
void runProgram(process.argv);
