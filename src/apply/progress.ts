import cliProgress from 'cli-progress';
import type { ApplyEvent } from './execute.js';
import { printable } from '../render/printable.js';
import { progressLines } from './report.js';

export interface ProgressSink {
  onEvent(event: ApplyEvent): void;
  /**
   * A signal came: the bar is drawn once more and then left alone, so that the notice and
   * whatever the changes still in flight print go below it, not into endless redraws.
   */
  interrupted(): void;
  stop(): void;
}

/** A bar on a TTY; one line per change elsewhere (CI logs). Both write to stderr, control characters (names may come from the server) made visible. */
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
      format: 'Applying [{bar}] {value}/{total} changes | {failed} failed{notStarted} | {eta_formatted} left',
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  const eventLine = progressLines();
  const finished = new Set<unknown>();
  let failed = 0;
  let notStarted = 0;
  let still = false; // after a signal: no more drawing
  const payload = () => ({ failed, notStarted: notStarted > 0 ? `, ${notStarted} not started` : '' });
  return {
    onEvent(event) {
      if (event.kind === 'start') bar.start(event.total, 0, payload());
      if (event.kind !== 'done') return;
      // Never sent (an interrupt, a refused token): counted apart, never as a failure, and no redraw.
      if (event.outcome.notStarted) {
        notStarted += 1;
        return;
      }
      finished.add(event.outcome.change);
      if (!event.outcome.ok) {
        failed += 1;
        if (!still) bar.stop();
        stream.write(`${printable(eventLine(event) ?? '')}\n`);
        if (!still) bar.start(bar.getTotal(), finished.size, payload());
      }
      if (!still) bar.update(finished.size, payload());
    },
    interrupted() {
      if (still) return;
      still = true;
      bar.stop();
    },
    stop() {
      if (!still) bar.update(finished.size, payload());
      still = true;
      bar.stop();
    },
  };
}
