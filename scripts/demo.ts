// The README's main job, end to end on a fresh machine: start the bundled simulator on a
// free port, then validate, plan, apply and plan again (no changes) over the examples of
// one workspace (examples/shop and examples/model-gateway; examples/environments serves two
// workspaces and is toured in the README).
// Everything it writes goes to a temporary folder that is removed at the end. The output
// fits on a screen or two (scripts/demo-output.ts): one change of the plan in full, the
// rest counted.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { condense, type Shown } from './demo-output.js';

const cli = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const examplesRoot = fileURLToPath(new URL('../../examples', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'monitors-demo-'));
// The examples are copied into the temporary folder and named from there, so that every path
// the demo prints reads as in a repository of your own (examples/shop/...), never ../../...
const examples = ['examples/shop', 'examples/model-gateway'];
for (const example of examples)
  cpSync(join(examplesRoot, example.slice('examples/'.length)), join(work, example), { recursive: true });
const token = `demo_${randomBytes(18).toString('hex')}`;

// Demo-only values for the ${env:...} references in examples/ (never real secrets).
const exampleSecrets = {
  SHOP_API_TOKEN: 'demo-shop-api-token',
  SHOP_ADMIN_PASSWORD: 'demo-admin-password',
  GATEWAY_API_KEY: 'demo-gateway-key',
};

async function main(): Promise<number> {
  const sim = spawn(process.execPath, [cli, 'sim', '--port', '0', '--token', token], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const baseUrl = await firstLine(sim);
    const env = { ...process.env, ...exampleSecrets, MONITORS_API_URL: baseUrl, MONITORS_API_TOKEN: token };
    const lock = 'monitors.lock.json';
    console.log(`\n# Simulator running at ${baseUrl}\n`);
    const steps: [string, string[], number[], Shown][] = [
      ['Validate the YAML', ['validate', ...examples], [0], { changes: 0, outcomes: 0 }],
      [
        'Plan (changes expected)',
        ['plan', ...examples, '--lock', lock, '--detailed-exitcode'],
        [2],
        { changes: 1, outcomes: 0 },
      ],
      // apply shows the plan again before it starts: counted, not repeated.
      ['Apply', ['apply', ...examples, '--lock', lock, '--yes'], [0], { changes: 0, outcomes: 3 }],
      [
        'Plan again (no changes expected)',
        ['plan', ...examples, '--lock', lock, '--detailed-exitcode'],
        [0],
        { changes: 1, outcomes: 0 },
      ],
    ];
    console.log(`# In ${work}, a copy of examples/shop and examples/model-gateway (removed at the end)`);
    for (const [title, args, expected, shown] of steps) {
      console.log(`\n$ monitors ${args.join(' ')}   # ${title}`);
      const { code, output } = await run(args, env);
      process.stdout.write(condense(output, shown));
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

/** Runs the CLI in the temporary folder, stdout and stderr together in the order written. */
function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env, cwd: work });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (output += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (output += d));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

process.exitCode = await main();
