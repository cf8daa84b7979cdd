// `npm run bench`: runs every benchmark in turn, each as its own process so that one's
// memory does not weigh on the next, then prints one table of every ratio the benchmarks
// are judged by, with its target and whether it was met (ratios.ts).
// BENCH_SMOKE=1 runs tiny versions (CI smoke run). Pass names to run some only:
// npm run bench -- validate plan apply startup
// The load average is printed at the start and at the end: the ratios compare processes
// run in turn, and on a shared machine a busy moment weighs on one side more than the other.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { markdownTable } from './measure-process.js';
import { BENCHES } from './names.js';
import { formatValue, isMet, RATIOS_FILE_ENV, readRatios } from './ratios.js';

const ALL: readonly string[] = BENCHES;
const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ALL;
const dir = mkdtempSync(join(tmpdir(), 'bench-ratios-'));
const ratiosFile = join(dir, 'ratios.jsonl');
let failed = 0;
const load = (): string =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(', ');
const loadAtStart = load();
process.stdout.write(`Load average (1, 5, 15 min) at the start: ${loadAtStart}\n`);
try {
  for (const name of wanted) {
    const file = fileURLToPath(new URL(`./${name}.js`, import.meta.url));
    if (!existsSync(file)) {
      process.stderr.write(`unknown benchmark "${name}" (have: ${ALL.join(', ')})\n`);
      failed += 1;
      continue;
    }
    process.stdout.write(`\n## ${name}\n\n`);
    const result = spawnSync(process.execPath, [file], {
      stdio: 'inherit',
      env: { ...process.env, [RATIOS_FILE_ENV]: ratiosFile },
    });
    if (result.status !== 0) failed += 1;
  }
  const ratios = readRatios(ratiosFile);
  if (ratios.length > 0) {
    process.stdout.write(
      `\n## Summary: every ratio of this run\n\n${markdownTable(
        ['bench', 'what', 'measured', 'target', ''],
        ratios.map((r) => [
          r.bench,
          r.what,
          formatValue(r, r.value),
          `${r.kind === 'at most' ? '<=' : '>='} ${formatValue(r, r.target)}`,
          isMet(r) ? 'met' : 'MISSED',
        ]),
      )}\n\n${ratios.filter(isMet).length} of ${ratios.length} met. Load average (1, 5, 15 min) at the start: ${loadAtStart}; at the end: ${load()}.\n`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failed > 0 ? 1 : 0;
