import cliProgress from 'cli-progress';
import type { ApplyEvent } from './types.js';
import { printable } from '../render/printable.js';
import { eventLine } from './report.js';

export interface ProgressSink {
  onEvent(event: ApplyEvent): void;
  stop(): void;
}

/** A bar on a TTY; one line per change elsewhere (CI logs). Both write to stderr, control characters (names may come from the server) made visible. */
export function createProgress(stream: NodeJS.WriteStream, interactive: boolean): ProgressSink {
  return interactive ? barProgress(stream) : lineProgress(stream);
}

function lineProgress(stream: NodeJS.WritableStream): ProgressSink {
  return {
    onEvent(event) {
      const line = eventLine(event);
      if (line) stream.write(`${printable(line)}\n`);
    },
    stop() {},
  };
}

function barProgress(stream: NodeJS.WriteStream): ProgressSink {
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: 'Applying [{bar}] {value}/{total} changes | {failed} failed | {eta_formatted} left',
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  const finished = new Set<unknown>();
  let failed = 0;
  return {
    onEvent(event) {
      if (event.kind === 'start') bar.start(event.total, 0, { failed });
      if (event.kind === 'done') {
        if (!event.outcome.ok) {
          failed += 1;
          bar.stop();
          stream.write(`${printable(eventLine(event) ?? '')}\n`);
          bar.start(bar.getTotal(), finished.size, { failed });
        }
        finished.add(event.outcome.change);
        bar.update(finished.size, { failed });
      }
    },
    stop() {
      bar.stop();
    },
  };
}
