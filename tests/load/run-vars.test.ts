// Vars set for one run (--var, --var-file): over the file's and the environment's vars;
// an undeclared name is an error named by where it was set, with "did you mean".
import { describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../src/load/index.js';
import type { RunVar } from '../../src/load/expand/run-vars.js';
import { DEFAULTS, tempDir } from './temp-dir.js';

const SETTINGS = `settings:
  environments:
    staging:
      token_env: STAGING_TOKEN
      vars: { domain: staging.example.com, interval: 600 }
`;
const SHOP = `${DEFAULTS}vars:\n  path: health\n  token: \${env:T}\nmonitors:\n  - name: home\n    type: http\n    url: https://\${var.domain}/\${var.path}\n    interval_seconds: \${var.interval}\n    auth_type: bearer\n    auth_secret: \${var.token}\n`;

async function load(vars: Record<string, RunVar>, env: NodeJS.ProcessEnv = { T: 'x' }) {
  const dir = tempDir({ 'settings.yaml': SETTINGS, 'shop.yaml': SHOP });
  return loadDesiredState(['.'], { env, cwd: dir, environment: 'staging', vars: new Map(Object.entries(vars)) });
}

describe('vars set for one run', () => {
  it('win over the environment and the file, with their YAML types', async () => {
    const r = await load({
      domain: { value: 'pr-123.preview.example.com', from: '--var domain' },
      path: { value: 'ready', from: '--var-file vars.yaml' },
      interval: { value: 300, from: '--var interval' },
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.state.monitors.map((m) => [m.input.url, m.input.interval_seconds])).toEqual([
      ['https://pr-123.preview.example.com/ready', 300],
    ]);
  });

  it('an undeclared name is var.unknown, located at the --var, with did you mean', async () => {
    const r = await load({ domian: { value: 'x.example.com', from: '--var domian' } });
    expect(r.diagnostics.map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`)).toEqual([
      `--var domian:0 var.unknown var "domian" is not declared in any file's vars: or settings.environments.NAME.vars; did you mean "domain"?`,
    ]);
  });

  it('a problem that came through one names the --var where a file position would be', async () => {
    const dir = tempDir({ 'settings.yaml': SETTINGS, 'shop.yaml': SHOP });
    const r = await loadDesiredState(['.'], {
      env: {},
      cwd: dir,
      environment: 'staging',
      vars: new Map([['token', { value: '${env:PREVIEW_TOKEN}', from: '--var token' }]]),
    });
    expect(r.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([
      'env.missing environment variable PREVIEW_TOKEN is not set (referenced by auth_secret through ${var.token}) (var token is set by --var token)',
    ]);
  });
});
