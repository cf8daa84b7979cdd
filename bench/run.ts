// `npm run bench`: runs every benchmark in turn, each as its own process so that one's
// memory does not weigh on the next. BENCH_SMOKE=1 runs tiny versions (CI smoke run).
// Pass names to run some only: npm run bench -- plan apply
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ALL = ['validate', 'templates', 'sim', 'plan', 'apply', 'lock-size', 'scale'];
const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ALL;
let failed = 0;
for (const name of wanted) {
  const file = fileURLToPath(new URL(`./${name}.js`, import.meta.url));
  if (!existsSync(file)) {
    process.stderr.write(`unknown benchmark "${name}" (have: ${ALL.join(', ')})\n`);
    failed += 1;
    continue;
  }
  process.stdout.write(`\n## ${name}\n\n`);
  const result = spawnSync(process.execPath, [file], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) failed += 1;
}
process.exitCode = failed > 0 ? 1 : 0;
