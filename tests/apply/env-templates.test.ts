// ${env:NAME} in plan bodies: resolved at apply time exactly as the loader resolved the
// YAML (escapes included), and a saved plan refused when the environment gives other values.
import { describe, expect, it } from 'vitest';
import { checkEnvMatchesPlan } from '../../src/apply/env-check.js';
import { resolveEnvTemplates } from '../../src/apply/env-templates.js';
import { envNamesIn } from '../../src/model/env-references.js';
import { normalizeInput } from '../../src/plan/normalize.js';
import { DEFAULTS, loadFiles } from '../load/temp-dir.js';
import { lockOf, plan } from '../plan/fixtures.js';

const ENV = { REGION: 'eu-west', HOST: 'api.example.com', TOKEN: 'tok-SENTINEL-1', TRACE: 'on' };

const YAML = `${DEFAULTS.replace('execution_mode: local', 'execution_mode: multi_location')}monitors:
  - name: templated
    type: keyword
    url: https://\${env:HOST}/health
    keyword: costs $\${env:NOT_A_VARIABLE} today
    locations: ["\${env:REGION}", us-east]
    headers: "X-Trace: \${env:TRACE}"
    auth_type: bearer
    auth_secret: \${env:TOKEN}
`;

async function planOfYaml(env: Record<string, string>) {
  const loaded = await loadFiles({ 'a.yaml': YAML }, { env });
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return { state: loaded.state, plan: plan(loaded.state, [], lockOf([])) };
}

describe('resolveEnvTemplates and envNamesIn', () => {
  it('an escaped reference is literal text, in both', () => {
    expect(resolveEnvTemplates('a $${env:X} b ${env:Y}', { X: 'x', Y: 'y' })).toBe('a ${env:X} b y');
    expect([...envNamesIn({ a: 'a $${env:X} b ${env:Y}', b: ['${env:Z}'] })]).toEqual(['Y', 'Z']);
  });

  it('a missing variable is an error naming it', () => {
    expect(() => resolveEnvTemplates('${env:NOPE}', {})).toThrow(/NOPE is not set/);
  });

  it('the last guard before the wire: a template holding another reference is refused, never sent', () => {
    for (const body of ['${env:X}/${vars.domain}', '${env:X}/${var.domain}', '${env:X}/${var.domain']) {
      expect(() => resolveEnvTemplates({ url: body }, { X: 'x' })).toThrow(
        expect.objectContaining({ code: 'APPLY_UNRESOLVED_REFERENCE' }),
      );
    }
    // A field without `{env:` is final text: its ${ came from a $${ escape.
    expect(resolveEnvTemplates({ body: 'cost: ${var.x}' }, {})).toEqual({ body: 'cost: ${var.x}' });
  });
});

describe('plan bodies with templates', () => {
  it('resolve back to exactly what the loader read: lists stay lists, escapes stay literal', async () => {
    const { state, plan: p } = await planOfYaml(ENV);
    const body = p.changes[0]!.body!;
    expect(body.locations).toEqual(['${env:REGION}', 'us-east']);
    expect(JSON.stringify(body)).not.toContain(ENV.TOKEN);
    const resolved = resolveEnvTemplates(body, ENV);
    expect(resolved.locations).toEqual(['eu-west', 'us-east']);
    expect(resolved.keyword).toBe('costs ${env:NOT_A_VARIABLE} today');
    expect(normalizeInput(resolved)).toEqual(normalizeInput(state.monitors[0]!.input as Record<string, unknown>));
  });

  it('a saved plan applies under the same environment and is refused under another, naming the variables', async () => {
    const { plan: p } = await planOfYaml(ENV);
    const salt = 'test-salt-0123456789';
    await expect(checkEnvMatchesPlan(p, ENV, salt)).resolves.toBeUndefined();
    const rotated = checkEnvMatchesPlan(p, { ...ENV, TOKEN: 'tok-other', REGION: 'ap-south' }, salt);
    await expect(rotated).rejects.toMatchObject({ code: 'PLAN_ENV_CHANGED' });
    await expect(rotated).rejects.toThrow(/HOST, REGION, TOKEN, TRACE/);
    await rotated.catch((error: Error) => expect(error.message).not.toContain('tok-other'));
  });
});
