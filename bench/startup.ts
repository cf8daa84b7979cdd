// Start-up: `monitors --version` and `monitors validate` of a 20-monitor repository (two
// files of the bench corpus) as whole processes, from the package's build (dist/cli, what
// `npm install` gives) and from the bundle (bundle/monitors.mjs and its chunks, what the
// GitHub Action runs), each against `node -e 0` in the same
// round: the floor of any Node program. Rounds alternate every command with the floor, and
// each ratio is the median of the per-round ratios, so a slow moment weighs on both sides.
// Then what each import costs: `import()` of each dependency and of the main modules, each
// timed in a fresh process (medians), to say where a command's start-up goes.
// Targets (issue 41): --version within 1.15x of node -e 0, validate of 20 monitors within 1.6x.
// Both forms answer --version from their entry alone, and run validate from a script of its
// own (scripts/fast-paths.mjs) whose compiled code V8 keeps between runs, in a cache
// directory of the bench's own here (NODE_COMPILE_CACHE); the warm-up run writes it, as a
// user's first run does. A first run (an empty cache directory each time: it compiles and
// writes the cache) is measured too, with no target.
// Run: npm run bench -- startup   (BENCH_SMOKE=1: one round; BENCH_STARTUP_ROUNDS=N: N rounds)
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from './corpus.js';
import { benchEnv, BUNDLE_CLI, markdownTable, measureNode, median, PACKAGE_CLI } from './measure-process.js';
import { reportRatio } from './ratios.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
// More rounds on a shared machine: BENCH_STARTUP_ROUNDS=101.
const ROUNDS = SMOKE ? 1 : Number(process.env.BENCH_STARTUP_ROUNDS ?? 21);
const IMPORT_RUNS = SMOKE ? 1 : 7;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLIS = [PACKAGE_CLI, BUNDLE_CLI];
const TARGETS = { '--version': 1.15, validate: 1.6 };
const LABELS = {
  '--version': '--version',
  validate: 'validate (20 monitors)',
  'first validate': 'validate (20 monitors), first run',
};

// Each import on its own: a dependency includes its own dependencies; ours include theirs.
const IMPORTS = [
  'commander',
  'js-yaml',
  'yaml',
  'ipaddr.js',
  'undici',
  'dist/src/api/undici-parts.js',
  'ajv',
  'dist/src/load/generated/validators.js',
  'dist/src/load/index.js',
  'dist/src/cli/program.js',
  'dist/src/cli/commands/validate-run.js',
  'dist/src/api/client.js',
  'dist/src/cli/commands/plan-run.js',
  'dist/src/cli/commands/apply-run.js',
];
const IMPORT_TIME = fileURLToPath(new URL('./import-time.js', import.meta.url));

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
  try {
    const yamlDir = join(dir, 'monitors');
    const corpus = generateCorpus(yamlDir, { monitors: 20, files: 2 });
    const env = benchEnv({ ...corpus.env, NODE_COMPILE_CACHE: join(dir, 'compile-cache') });
    let first = 0;
    const warm = () => env;
    const cold = () => ({ ...env, NODE_COMPILE_CACHE: join(dir, `first-run-${first++}`) });
    const commands = CLIS.flatMap((cli) => [
      { cli, what: '--version' as const, args: [cli.script, '--version'], env: warm },
      { cli, what: 'validate' as const, args: [cli.script, 'validate', yamlDir], env: warm },
      { cli, what: 'first validate' as const, args: [cli.script, 'validate', yamlDir], env: cold },
    ]);
    for (const c of commands) {
      const r = await measureNode(c.args, c.env()); // warm-up, and proof that it works
      if (r.code !== 0) throw new Error(`${c.args.join(' ')} failed (${r.code}): ${r.stdout}${r.stderr}`);
    }
    const floor: number[] = [];
    const times = commands.map(() => [] as number[]);
    const ratios = commands.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round++) {
      const base = (await measureNode(['-e', '0'], env)).wallMs;
      floor.push(base);
      for (const [i, c] of commands.entries()) {
        const ms = (await measureNode(c.args, c.env())).wallMs;
        times[i]!.push(ms);
        ratios[i]!.push(ms / base);
      }
    }
    const rows = commands.map((c, i) => {
      const ratio = median(ratios[i]!);
      const verdict =
        c.what === 'first validate'
          ? `${ratio.toFixed(2)}x (no target: nothing cached yet; it compiles and writes the cache)`
          : reportRatio({
              bench: 'startup',
              what: `${c.what === 'validate' ? 'validate 20 monitors' : '--version'}, ${c.cli.name}: time / node -e 0`,
              value: ratio,
              kind: 'at most',
              target: TARGETS[c.what],
            });
      return [`monitors ${LABELS[c.what]}`, c.cli.name, ms(median(times[i]!)), verdict];
    });
    process.stdout.write(
      `Start-up, ${ROUNDS} rounds, each command after \`node -e 0\` in every round; ratio: the median of the per-round ratios. ${await certificatesNote(env)}\n\n${markdownTable(
        ['command', 'from', 'median', 'ratio to node -e 0 (median ' + ms(median(floor)) + ')'],
        rows,
      )}\n\nThe bundle's entry weighs ${statSync(CLIS[1]!.script).size} bytes; validate runs from its own script (bundle/chunks/validate-script.js) with the code V8 cached in the first run, each other command from the chunks it needs in bundle/chunks/. Machine load (1, 5, 15 min) at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')} on ${availableParallelism()} processors.\n\n`,
    );

    const importRows: string[][] = [];
    for (const spec of IMPORTS) {
      const target = spec.startsWith('dist/') ? join(ROOT, spec) : spec;
      const runs: number[] = [];
      for (let i = 0; i < IMPORT_RUNS; i++) {
        const r = await measureNode([IMPORT_TIME, target], env, ROOT);
        if (r.code !== 0) throw new Error(`import of ${spec} failed: ${r.stderr.slice(0, 500)}`);
        runs.push(Number(r.stdout.trim()));
      }
      importRows.push([`\`${spec}\``, ms(median(runs))]);
    }
    process.stdout.write(
      `What an import costs in a fresh process (median of ${IMPORT_RUNS}; each includes what it imports):\n\n${markdownTable(['import', 'time'], importRows)}\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

/**
 * Every process here, `node -e 0` included, reads NODE_EXTRA_CA_CERTS at start when it is
 * set: say what that costs, since it is part of both sides of every ratio.
 */
async function certificatesNote(env: NodeJS.ProcessEnv): Promise<string> {
  if (!env.NODE_EXTRA_CA_CERTS) return 'NODE_EXTRA_CA_CERTS is not set.';
  const { NODE_EXTRA_CA_CERTS: _certificates, ...without } = env;
  const runs: number[] = [];
  for (let i = 0; i < (SMOKE ? 1 : 7); i++) runs.push((await measureNode(['-e', '0'], without)).wallMs);
  return `NODE_EXTRA_CA_CERTS is set, as in this shell: every process reads those certificates at start (without it, \`node -e 0\` takes ${ms(median(runs))}).`;
}

await main();
