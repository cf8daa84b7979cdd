// `monitors plan --debug 2>&1 | head`: the reader goes away, and writes to stdout and stderr
// fail with EPIPE. That is not the command's failure: it goes on (an apply is never cut off
// halfway because nobody reads its output any more) and exits with the code it would have
// had. Nothing is printed about it. Other write errors (a full disk behind `> plan.txt`)
// lose output, so they make the exit code 1. The same holds for a write through a stream and
// for one straight to the descriptor (standard-streams.ts).
import { EXIT_ERROR } from '../../errors.js';
import { outputFailedLine } from '../../render/error-report.js';
import { watchStandardStreams, writeStandard } from './standard-streams.js';

export function tolerateClosedOutput(): void {
  watchStandardStreams(
    (stream, fd) => stream.on('error', (error: NodeJS.ErrnoException) => outputFailed(fd, error)),
    (fd, error) => {
      // A direct write fails at once, before the command sets its own exit code: the loss
      // is kept until the exit, as a stream's error (which comes after) would keep it.
      if (outputFailed(fd, error) && !lost) {
        lost = true;
        process.once('exit', () => (process.exitCode = EXIT_ERROR));
      }
    },
  );
}

let lost = false;

/** Says a lost output and makes the exit code 1; false for a reader gone (EPIPE), which is no failure. */
function outputFailed(fd: 1 | 2, error: NodeJS.ErrnoException): boolean {
  if (error.code === 'EPIPE') return false;
  process.exitCode = EXIT_ERROR;
  if (fd === 1) writeStandard(2, outputFailedLine(error.message));
  return true;
}
