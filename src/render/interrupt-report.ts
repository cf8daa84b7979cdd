// What a command says when Ctrl-C (SIGINT) or a CI cancel (SIGTERM) reaches it (the CLI's
// interrupt.ts decides what the signal does; these are its words): what it interrupted and
// that nothing was written, or what it does with the changes in flight.

export type SignalName = 'SIGINT' | 'SIGTERM';

/** Where the command was when the signal came, and what follows from it. */
export type SignalNotice =
  /** Before anything was written: the steps under way (`listing the live monitors`), if any. */
  | { stage: 'planning'; signal: SignalName; steps: readonly string[] }
  /** A second signal: the process ends now; `writing` when changes were in flight. */
  | { stage: 'again'; signal: SignalName; writing: boolean }
  | { stage: 'writing'; signal: SignalName }
  | { stage: 'waiting'; signal: SignalName }
  /** Every change was sent: the report and the lock record are finished, then this exit code. */
  | { stage: 'reporting'; signal: SignalName; exitCode: number };

export function signalNoticeText(n: SignalNotice): string {
  const name = n.signal;
  const again = name === 'SIGINT' ? 'Ctrl-C' : 'the signal';
  switch (n.stage) {
    case 'planning':
      return `\n${name}: interrupted while ${planningText(n.steps)}; nothing was written (no change was sent, no file was changed).\n`;
    case 'again': {
      const lost = n.writing
        ? ' Changes in flight may have been made without a lock record; the next plan replaces those once.'
        : '';
      return `\n${name} again: stopping now.${lost}\n`;
    }
    case 'writing':
      return `\n${name}: starting no more changes; waiting for those in flight to finish and be recorded (${again} again stops at once).\n`;
    case 'waiting':
      return `\n${name}: the wait stops; reporting what is known (${again} again stops at once).\n`;
    case 'reporting':
      return `\n${name}: every change was already sent; finishing the report and the lock record (then exit ${n.exitCode}).\n`;
  }
}

/** `loading the YAML and listing the live monitors (2 pages read)`: each step once, in order. */
function planningText(steps: readonly string[]): string {
  const texts = [...new Set(steps)];
  if (texts.length === 0) return 'planning';
  return texts.length === 1 ? texts[0]! : `${texts.slice(0, -1).join(', ')} and ${texts[texts.length - 1]!}`;
}
