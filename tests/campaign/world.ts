// The real side of a campaign history: a server (our simulator or the independent spec
// server, in this process), a working folder (a git checkout with a lock branch, or a
// plain folder with the lock file beside the YAML), and the built CLI run as a process,
// interrupted at a chosen moment when asked. Every run is kept as evidence: its output,
// its exit, and the requests the server saw meanwhile.
import { watch, mkdtempSync, readFileSync, rmSync, existsSync, type FSWatcher } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkout, GIT_TEST_ENV, makeOrigin, showFile } from '../helpers/git-sandbox.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import {
  startServerUnderTest,
  type ServerKind,
  type ServerRequest,
  type ServerUnderTest,
} from '../helpers/servers-under-test.js';
import { YAML_DIR } from './yaml-files.js';

export const LOCK_BRANCH = 'monitors-state';
const LOCK_FILE = `${YAML_DIR}/monitors.lock.json`;

/**
 * When a run is signalled: a delay after its start, after its first write, when it writes
 * the lock file, when it pushes the lock branch (the remote's receive-pack makes its
 * quarantine folder), or after its summary.
 */
export type Moment = 'start' | 'writes' | 'lock-write' | 'push' | 'summary';

export interface Interruption {
  signal: 'SIGKILL' | 'SIGINT';
  at: Moment;
  delayMs: number;
  /** SIGINT twice (the second stops at once). */
  again: boolean;
}

export interface Run extends CliResult {
  args: string[];
  /** The interruption asked for, and whether it was delivered (the run may have ended first). */
  interruption?: Interruption & { delivered: boolean };
  /** What the server saw while the run lasted. */
  requests: ServerRequest[];
  ms: number;
}

export class World {
  readonly runs: Run[] = [];
  /** Where the runs of the round begin: the server's log was last cleared there. */
  private roundStart = 0;
  private readonly token: string;

  private constructor(
    readonly server: ServerUnderTest,
    readonly root: string,
    readonly work: string,
    readonly origin: string | undefined,
    private readonly secrets: () => Record<string, string>,
  ) {
    this.token = server.token;
  }

  static async start(options: {
    server: ServerKind;
    seed: number;
    lockBranch: boolean;
    secrets: () => Record<string, string>;
  }): Promise<World> {
    const root = mkdtempSync(join(tmpdir(), `campaign-${options.server}-${options.seed}-`));
    const token = `campaign_token_${options.seed}_0123456789`;
    const server = await startServerUnderTest(options.server, token, options.seed);
    if (!options.lockBranch) return new World(server, root, join(root, 'work'), undefined, options.secrets);
    const origin = makeOrigin(root, { 'README.md': 'monitors as code\n' });
    return new World(server, root, checkout(root, 'work', origin), origin, options.secrets);
  }

  get lockBranch(): boolean {
    return this.origin !== undefined;
  }

  /** `monitors ...args` in the working folder, with the lock branch flag when there is one. */
  async cli(args: string[], interruption?: Interruption): Promise<Run> {
    const full = [...args, ...(this.lockBranch ? ['--lock-branch', LOCK_BRANCH] : [])];
    const before = this.server.requests().length;
    const started = Date.now();
    const env = {
      MONITORS_API_URL: this.server.baseUrl,
      MONITORS_API_TOKEN: this.token,
      CI: 'true',
      MONITORS_RETRY_BASE_MS: '20',
      ...this.secrets(),
      ...(this.lockBranch ? GIT_TEST_ENV : {}),
    };
    let delivered = false;
    const watchers: FSWatcher[] = [];
    let timer: NodeJS.Timeout | undefined;
    let fire = () => {};
    const arm = () => (timer ??= setTimeout(fire, interruption?.delayMs ?? 0));
    const result = await runCli(full, {
      cwd: this.work,
      env,
      timeoutMs: 180_000,
      onSpawn: (child) => {
        if (!interruption) return;
        fire = () => {
          if (delivered || child.exitCode !== null || child.signalCode !== null) return;
          delivered = true;
          child.kill(interruption.signal);
          if (interruption.again) setTimeout(() => child.kill(interruption.signal), 30).unref();
        };
        if (interruption.at === 'start') arm();
        if (interruption.at === 'lock-write' && existsSync(join(this.work, YAML_DIR))) {
          // The atomic write's temp file (".monitors.lock.json.<hex>.tmp") appearing: the lock is being written.
          watchers.push(
            watch(join(this.work, YAML_DIR), (_event, name) => {
              if (name?.startsWith('.monitors.lock.json.')) arm();
            }),
          );
        }
        if (interruption.at === 'push' && this.origin) {
          // git receive-pack puts a push's objects in objects/tmp_objdir-incoming-* until it takes them.
          watchers.push(
            watch(join(this.origin, 'objects'), (_event, name) => {
              if (name?.includes('incoming')) arm();
            }),
          );
        }
      },
      watch: (_child, out) => {
        if (!interruption || timer) return;
        if (interruption.at === 'writes' && out.stderr.includes('Applying ')) arm();
        if (interruption.at === 'summary' && /Apply (complete|finished|stopped|interrupted)/.test(out.stdout)) arm();
      },
    });
    if (timer) clearTimeout(timer);
    for (const w of watchers) w.close();
    const run: Run = {
      ...result,
      args: full,
      ...(interruption ? { interruption: { ...interruption, delivered } } : {}),
      requests: this.server.requests().slice(before),
      ms: Date.now() - started,
    };
    this.runs.push(run);
    return run;
  }

  /** The runs since the server's request log was last cleared: one round's, each with its own requests. */
  runsOfRound(): readonly Run[] {
    return this.runs.slice(this.roundStart);
  }

  /** Clears the server's request log: a new round starts. */
  clearRequests(): void {
    this.server.clearRequests();
    this.roundStart = this.runs.length;
  }

  /** The lock as apply left it: on the lock branch, or the file beside the YAML. */
  lockText(): string | undefined {
    if (this.origin) return showFile(this.origin, LOCK_BRANCH, LOCK_FILE);
    const path = join(this.work, LOCK_FILE);
    return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  }

  async close(): Promise<void> {
    await this.server.close();
    rmSync(this.root, { recursive: true, force: true });
  }
}
