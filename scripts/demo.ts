// The README's main job, end to end on a fresh machine: start the bundled simulator on a
// free port, then validate, plan, apply and plan again (no changes) over the examples of
// one workspace (examples/shop and examples/model-gateway; examples/environments serves two
// workspaces and is toured in the README).
// Everything it writes goes to a temporary folder that is removed at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const examplesRoot = fileURLToPath(new URL('../../examples', import.meta.url));
const examples = [join(examplesRoot, 'shop'), join(examplesRoot, 'model-gateway')];
const work = mkdtempSync(join(tmpdir(), 'monitors-demo-'));
const token = `demo_${randomBytes(18).toString('hex')}`;

// Demo-only values for the ${env:...} references in examples/ (never real secrets).
const exampleSecrets = {
  SHOP_API_TOKEN: 'demo-shop-api-token',
  SHOP_ADMIN_PASSWORD: 'demo-admin-password',
  GATEWAY_API_KEY: 'demo-gateway-key',
};

async function main(): Promise<number> {
  const sim = spawn(process.execPath, [cli, 'sim', '--port', '0', '--token', token], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const baseUrl = await firstLine(sim);
    const env = { ...process.env, ...exampleSecrets, MONITORS_API_URL: baseUrl, MONITORS_API_TOKEN: token };
    const lock = join(work, 'monitors.lock.json');
    console.log(`\n# Simulator running at ${baseUrl}\n`);
    const steps: [string, string[], number[]][] = [
      ['Validate the YAML', ['validate', ...examples], [0]],
      ['Plan (changes expected)', ['plan', ...examples, '--lock', lock, '--detailed-exitcode'], [2]],
      ['Apply', ['apply', ...examples, '--lock', lock, '--yes'], [0]],
      ['Plan again (no changes expected)', ['plan', ...examples, '--lock', lock, '--detailed-exitcode'], [0]],
    ];
    for (const [title, args, expected] of steps) {
      console.log(`\n$ monitors ${args.map((a) => a.replace(work, '$TMP').replace(examplesRoot, 'examples')).join(' ')}   # ${title}`);
      const code = await run(args, env);
      if (!expected.includes(code)) {
        console.error(`\nDemo stopped: "${title}" exited with ${code}, expected ${expected.join(' or ')}.`);
        return 1;
      }
    }
    console.log('\nDemo complete: validated, planned, applied, and the second plan shows no changes.');
    return 0;
  } finally {
    sim.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve(line.trim()));
    child.once('exit', (code) => reject(new Error(`the simulator exited early (code ${code})`)));
  });
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: 'inherit', env });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

process.exitCode = await main();
