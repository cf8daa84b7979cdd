// The optional state file: monitors, incidents and completed idempotency records of every
// workspace (so a key replays across a restart, as on a real server). Written to a temp
// file and renamed, so a crash never leaves half a file. Secrets are never in it.
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { MonitorsError } from '../errors.js';
import type { IdempotencyRecord, IdempotencyStore } from './idempotency.js';
import type { IncidentRecord, MonitorRecord } from './records.js';
import type { SimState } from './state.js';
import { snapshotProblem } from './state-snapshot-check.js';

export const STATE_FORMAT = 'monitors-sim-state';
export const STATE_VERSION = 1;

export interface StateSnapshot {
  format: typeof STATE_FORMAT;
  version: typeof STATE_VERSION;
  saved_at: string;
  workspaces: Record<string, { monitors: MonitorRecord[]; incidents: IncidentRecord[] }>;
  idempotency: IdempotencyRecord[];
}

export function snapshotOf(state: SimState, idempotency: IdempotencyStore, now: number): StateSnapshot {
  const workspaces: StateSnapshot['workspaces'] = {};
  for (const ws of state.allWorkspaces()) {
    workspaces[ws.name] = { monitors: [...ws.monitors.values()], incidents: [...ws.incidents.values()] };
  }
  return {
    format: STATE_FORMAT,
    version: STATE_VERSION,
    saved_at: new Date(now).toISOString(),
    workspaces,
    idempotency: idempotency.snapshot(),
  };
}

export function restoreSnapshot(snapshot: StateSnapshot, state: SimState, idempotency: IdempotencyStore): void {
  for (const [name, content] of Object.entries(snapshot.workspaces)) {
    const ws = state.workspace(name);
    for (const record of content.monitors) state.adoptMonitor(ws, record);
    for (const record of content.incidents) state.adoptIncident(ws, record);
  }
  idempotency.restore(snapshot.idempotency);
}

/** The snapshot in `file`, or undefined when the file does not exist yet. */
export async function loadStateFile(file: string): Promise<StateSnapshot | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new MonitorsError('SIM_STATE_UNREADABLE', `cannot read the state file ${file}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidState(file, 'it is not valid JSON');
  }
  const problem = snapshotProblem(parsed, STATE_FORMAT, STATE_VERSION);
  if (problem) throw invalidState(file, problem);
  return parsed as StateSnapshot;
}

function invalidState(file: string, why: string): MonitorsError {
  return new MonitorsError('SIM_STATE_INVALID', `the state file ${file} cannot be loaded: ${why}`, {
    hint: 'Move it away to start with an empty simulator.',
  });
}

/** Coalesces changes into at most one write per interval; flush() writes what is pending. */
export class StateWriter {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;
  private counter = 0;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => StateSnapshot,
    private readonly onError: (error: Error) => void,
    private readonly intervalMs = 200,
  ) {}

  schedule(): void {
    this.dirty = true;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch(this.onError);
    }, this.intervalMs);
  }

  /** Writes the whole state now, changed or not: at start, so a path that cannot be written fails before any client relies on it. */
  async writeNow(): Promise<void> {
    this.dirty = true;
    return this.flush();
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const previous = this.writing;
    this.writing = previous.catch(() => {}).then(() => this.writeIfDirty());
    return this.writing;
  }

  private async writeIfDirty(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    const temp = `${this.file}.${process.pid}.${++this.counter}.tmp`;
    try {
      await writeFile(temp, `${JSON.stringify(this.snapshot())}\n`, { mode: 0o600 });
      await rename(temp, this.file);
    } catch (error) {
      this.dirty = true;
      await unlink(temp).catch(() => {});
      const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new MonitorsError('SIM_STATE_WRITE_FAILED', `cannot write the state file ${this.file} (${why})`, {
        hint: 'Check that its folder exists and is writable, or choose another --state file.',
      });
    }
  }
}
