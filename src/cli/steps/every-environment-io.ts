// `--env all` in one process: each environment's run sees its own process environment
// (holding only its own token variable) and writes to its own stdout and stderr, captured
// for the combined answer, as a child process of its own would, without paying a Node start,
// a load of the CLI and a worker thread per environment (bench/env-all.ts).
//
// Why AsyncLocalStorage and not parameters: the commands read `process.env` and write with
// `process.stdout.write` / `process.stderr.write` in some fifty places of src/cli (issue 41
// moves their words to src/render, one surface at a time). Until every one takes its output
// and environment as parameters, `process.env` and the two writes are routed here by the
// asynchronous context of the run that calls them: a run's context is set when it starts and
// follows every promise, timer and socket it makes, so two runs side by side never see each
// other's environment or output. Outside a run (before, after, a signal's handler) they are
// the process's own. Installed only for `--env all`, and taken down after it.
import { AsyncLocalStorage } from 'node:async_hooks';

/** What one environment's run wrote, as a child process's pipes would have caught it. */
export interface RunOutput {
  stdout: string;
  /** stdout and stderr, interleaved as they came. */
  output: string;
}

interface RunContext extends RunOutput {
  env: Record<string, string | undefined>;
}

const storage = new AsyncLocalStorage<RunContext>();

/**
 * Runs `run` with `env` as its process.env and its writes captured; the routing is installed
 * around it (once, however many runs are under way).
 */
export async function runIsolated<T>(
  env: Record<string, string | undefined>,
  run: () => Promise<T>,
): Promise<{ result: T } & RunOutput> {
  const context: RunContext = { env: { ...env }, stdout: '', output: '' };
  const release = install();
  try {
    const result = await storage.run(context, run);
    return { result, stdout: context.stdout, output: context.output };
  } finally {
    release();
  }
}

let users = 0;
let uninstall: (() => void) | undefined;

/**
 * Keeps the routing installed until the returned release, across runs one after the other:
 * what a run left behind (a socket closing, a timer) still finds its own output and
 * environment, never the process's.
 */
export function holdRouting(): () => void {
  return install();
}

function install(): () => void {
  if (users++ === 0) {
    const undo = [
      routeWrites(process.stdout, (context, text) => {
        context.stdout += text;
        context.output += text;
      }),
      routeWrites(process.stderr, (context, text) => {
        context.output += text;
      }),
      routeEnv(),
    ];
    uninstall = () => undo.forEach((f) => f());
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--users === 0) uninstall?.();
  };
}

function routeWrites(stream: NodeJS.WriteStream, keep: (context: RunContext, text: string) => void): () => void {
  const own = Object.getOwnPropertyDescriptor(stream, 'write');
  const write = stream.write.bind(stream);
  stream.write = (chunk: string | Uint8Array, encoding?: unknown, callback?: unknown) => {
    const context = storage.getStore();
    if (!context) return (write as (...a: unknown[]) => boolean)(chunk, encoding, callback);
    keep(context, typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done);
    return true;
  };
  // A run writes to a pipe, as a child's run did: no colours, no terminal.
  const tty = Object.getOwnPropertyDescriptor(stream, 'isTTY');
  const isTTY: unknown = stream.isTTY;
  Object.defineProperty(stream, 'isTTY', {
    configurable: true,
    enumerable: true,
    get: () => (storage.getStore() ? false : isTTY),
  });
  return () => {
    if (own) Object.defineProperty(stream, 'write', own);
    else delete (stream as { write?: unknown }).write;
    if (tty) Object.defineProperty(stream, 'isTTY', tty);
    else delete (stream as { isTTY?: unknown }).isTTY;
  };
}

function routeEnv(): () => void {
  const own = process.env;
  const target = (): Record<string, string | undefined> => storage.getStore()?.env ?? own;
  process.env = new Proxy(
    {},
    {
      get: (_, key) => (typeof key === 'string' ? target()[key] : undefined),
      set: (_, key, value) => {
        if (typeof key === 'string') target()[key] = String(value);
        return true;
      },
      has: (_, key) => typeof key === 'string' && Object.hasOwn(target(), key),
      deleteProperty: (_, key) => {
        if (typeof key === 'string') delete target()[key];
        return true;
      },
      ownKeys: () => Object.keys(target()),
      getOwnPropertyDescriptor: (_, key) => {
        const env = target();
        if (typeof key !== 'string' || !Object.hasOwn(env, key)) return undefined;
        return { value: env[key], writable: true, enumerable: true, configurable: true };
      },
    },
  );
  return () => {
    process.env = own;
  };
}
