// `monitors plan --debug 2>&1 | head`: the reader goes away, and writes to stdout and stderr
// fail with EPIPE. That is not the command's failure: it goes on (an apply is never cut off
// halfway because nobody reads its output any more) and exits with the code it would have
// had. Nothing is printed about it. Other write errors (a full disk behind `> plan.txt`)
// lose output, so they make the exit code 1.
import { EXIT_ERROR } from '../errors.js';
import { outputFailedLine } from '../render/error-report.js';

export function tolerateClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') return;
      process.exitCode = EXIT_ERROR;
      if (stream === process.stdout) process.stderr.write(outputFailedLine(error.message));
    });
  }
}
