// Apply's progress on stderr, at the edge where the CLI owns the streams: a bar on a
// terminal, one line per change elsewhere, in the words of src/render/apply-report.ts and
// apply-bar.ts.
import cliProgress from 'cli-progress';
import type { ApplyEvent } from '../../apply/types.js';
import { printable } from '../../model/printable.js';
import { BAR_FORMAT, barPayload, stoppedLine } from '../../render/apply-bar.js';
import { progressLines } from '../../render/apply-report.js';

export interface ProgressSink {
  onEvent(event: ApplyEvent): void;
  /**
   * A signal came: the bar is drawn once more and then left alone, so that the notice and
   * whatever the changes still in flight print go below it, not into endless redraws.
   */
  interrupted(): void;
  stop(): void;
}

/**
 * A bar on a TTY, each change's line printed above it as the change completes (as a
 * redirected apply and Terraform say them); one line per change elsewhere (CI logs). Both
 * write to stderr, control characters (names may come from the server) made visible.
 */
export function createProgress(stream: NodeJS.WriteStream, interactive: boolean): ProgressSink {
  return interactive ? barProgress(stream) : lineProgress(stream);
}

function lineProgress(stream: NodeJS.WritableStream): ProgressSink {
  const eventLine = progressLines();
  return {
    onEvent(event) {
      const line = eventLine(event);
      if (line) stream.write(`${printable(line)}\n`);
    },
    interrupted() {},
    stop() {},
  };
}

function barProgress(stream: NodeJS.WriteStream): ProgressSink {
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: BAR_FORMAT,
      hideCursor: true,
      clearOnComplete: false,
      // Lines are written over the bar's line (see above): it is drawn again on the next frame.
      forceRedraw: true,
    },
    cliProgress.Presets.shades_classic,
  );
  const eventLine = progressLines();
  const finished = new Set<unknown>();
  let total = 0;
  let failed = 0;
  let notStarted = 0;
  let signalled = false;
  let still = false; // after a signal: no more drawing
  const payload = () => barPayload(failed, notStarted);
  // The line goes where the bar is (cleared first), and the bar below it on its next frame.
  const above = (line: string | undefined) => {
    if (line !== undefined) stream.write(`${still ? '' : '\r\u001b[2K'}${printable(line)}\n`);
  };
  return {
    onEvent(event) {
      if (event.kind === 'start') {
        total = event.total;
        bar.start(event.total, 0, payload());
      }
      if (event.kind === 'regenerate' || event.kind === 'verify-failed') above(eventLine(event));
      if (event.kind !== 'done') return;
      // Never sent (an interrupt, a refused token): counted apart, never as a failure, and no redraw.
      if (event.outcome.notStarted) {
        notStarted += 1;
        return;
      }
      finished.add(event.outcome.change);
      if (!event.outcome.ok) failed += 1;
      above(eventLine(event));
      if (!still) bar.update(finished.size, payload());
    },
    interrupted() {
      if (still) return;
      still = true;
      signalled = true;
      bar.stop();
    },
    stop() {
      if (!still) bar.update(finished.size, payload());
      still = true;
      bar.stop();
      // The bar froze at the signal, above the lines of the changes that were in flight: the
      // final count goes below them, once, so the last bar seen is not "0/5 changes".
      if (signalled) stream.write(`${stoppedLine({ done: finished.size, total, failed, notStarted })}\n`);
    },
  };
}
