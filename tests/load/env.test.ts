import { describe, expect, it } from 'vitest';
import { resolveEnv } from '../../src/load/expand/env.js';
import { DEFAULTS, loadFiles, where } from './temp-dir.js';

const SECRET = 'tok-3f9a-very-secret';

describe('${env:NAME} references', () => {
  it('resolves references anywhere in a string and records the template', async () => {
    const r = await loadFiles(
      {
        'a.yaml': `${DEFAULTS}monitors:\n  - name: api \${env:STAGE}\n    type: http\n    url: https://\${env:HOST}/health\n    auth_type: bearer\n    auth_secret: \${env:API_TOKEN}\n`,
      },
      { env: { STAGE: 'prod', HOST: 'api.example.com', API_TOKEN: SECRET } },
    );
    expect(r.diagnostics).toEqual([]);
    const m = r.state.monitors[0];
    expect(m?.name).toBe('api prod');
    expect(m?.input).toMatchObject({ url: 'https://api.example.com/health', auth_secret: SECRET });
    expect(m?.envRefs).toEqual({
      name: 'api ${env:STAGE}',
      url: 'https://${env:HOST}/health',
      auth_secret: '${env:API_TOKEN}',
    });
  });

  it('a missing variable is an error that names it, at the value that references it', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors:\n  - name: api\n    type: http\n    url: https://\${env:API_HOST}/\n`,
    });
    expect(where(r)).toEqual(['a.yaml:17:10 error env.missing']);
    expect(r.diagnostics[0]?.message).toBe('environment variable API_HOST is not set (referenced by url)');
  });

  it('validate mode: a missing variable is a warning, and everything else is still checked', async () => {
    const text = `${DEFAULTS}monitors:\n  - name: api\n    type: http\n    url: https://\${env:API_HOST}/\n    auth_type: bearer\n    auth_secret: \${env:TOKEN}\n  - name: db\n    type: http\n    url: http://10.0.0.5/\n    colour: red\nmoved:\n  - from: \${env:OLD}\n    to: api\nsettings:\n  api_url: \${env:API_URL}\n`;
    const r = await loadFiles({ 'a.yaml': text }, { missingEnv: 'warning' });
    expect(where(r)).toEqual([
      'a.yaml:17:10 warning env.missing',
      'a.yaml:19:18 warning env.missing',
      'a.yaml:22:10 error rule.private_destination',
      'a.yaml:23:5 error schema.additionalProperties',
      'a.yaml:25:11 warning env.missing',
      'a.yaml:28:12 warning env.missing',
    ]);
    expect(r.diagnostics[0]?.message).toBe(
      'environment variable API_HOST is not set (referenced by url); plan and apply need it',
    );
    // The same file for plan and apply: errors.
    const strict = await loadFiles({ 'a.yaml': text });
    expect(where(strict).filter((w) => w.includes('env.missing'))).toEqual([
      'a.yaml:17:10 error env.missing',
      'a.yaml:19:18 error env.missing',
      'a.yaml:25:11 error env.missing',
      'a.yaml:28:12 error env.missing',
    ]);
  });

  it('validate mode: a malformed reference stays an error, at its ${', async () => {
    const r = await loadFiles(
      { 'a.yaml': `${DEFAULTS}monitors:\n  - name: api\n    type: http\n    url: https://\${env:9X}/\n` },
      { missingEnv: 'warning' },
    );
    expect(where(r)).toEqual(['a.yaml:17:18 error ref.syntax']);
  });

  it('a reference in a number, list or boolean field says references give text (not "remove the quotes")', async () => {
    const r = await loadFiles(
      {
        'a.yaml': `${DEFAULTS}monitors:\n  - name: db\n    type: tcp\n    url: db.example.com\n    port: \${env:PORT}\n    timeout_seconds: "10"\n`,
      },
      { env: { PORT: '5432' } },
    );
    expect(r.diagnostics.map((d) => `${d.line}:${d.col} ${d.message}`)).toEqual([
      '18:11 port must be an integer or null (a ${env:NAME} reference always gives text; write this value in the file)',
      '19:22 timeout_seconds must be an integer (write the number without quotes)',
    ]);
  });

  it('a missing variable in defaults is reported once, at the defaults', async () => {
    const text = `${DEFAULTS.replace('auth_type: none', 'auth_type: bearer\n  auth_secret: ${env:TOKEN}')}monitors:\n  - name: one\n    type: http\n    url: https://a.example.com/\n  - name: two\n    type: http\n    url: https://b.example.com/\n`;
    const r = await loadFiles({ 'a.yaml': text });
    expect(where(r)).toEqual(['a.yaml:12:16 error env.missing']);
  });

  it('never echoes a resolved value, even when the value is what is wrong', async () => {
    const long = 'x'.repeat(3000);
    const r = await loadFiles(
      {
        'a.yaml': `${DEFAULTS}monitors:\n  - name: api\n    type: http\n    url: https://\${env:HOST}/\n    auth_type: basic\n    auth_username: \${env:USER_SECRET}\n    auth_secret: \${env:PW}\n    headers: \${env:HEADERS}\n`,
      },
      {
        env: {
          HOST: `${SECRET}.${long}`,
          USER_SECRET: `${SECRET}${long}`,
          PW: SECRET,
          HEADERS: `Authorization: ${SECRET}\nbad line ${SECRET}`,
        },
      },
    );
    expect(r.diagnostics.length).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(r.diagnostics)).not.toContain(SECRET);
  });

  it('a literal auth_secret is an error that recommends ${env:NAME} and does not echo it', async () => {
    const r = await loadFiles({
      'a.yaml': `${DEFAULTS}monitors:\n  - name: api\n    type: http\n    url: https://a.example.com/\n    auth_type: bearer\n    auth_secret: ${SECRET}\n`,
    });
    expect(where(r)).toEqual(['a.yaml:19:18 error secret.literal']);
    expect(r.diagnostics[0]?.message).toContain('${env:NAME}');
    expect(r.diagnostics[0]?.message).not.toContain(SECRET);
  });

  it('auth_secret partly literal ("Bearer ${env:X}") is literal too; null and "" are not secrets', async () => {
    const r = await loadFiles(
      {
        'a.yaml': `${DEFAULTS}monitors:\n  - name: one\n    type: http\n    url: https://a.example.com/\n    auth_type: bearer\n    auth_secret: x-\${env:T}\n  - name: two\n    type: http\n    url: https://a.example.com/\n    auth_secret: null\n  - name: three\n    type: http\n    url: https://a.example.com/\n    auth_secret: ""\n`,
      },
      { env: { T: 't' } },
    );
    expect(where(r)).toEqual(['a.yaml:19:18 error secret.literal']);
  });

  it('an invalid reference is reported; $${env:X} is a literal ${env:X}', () => {
    expect(resolveEnv('a ${env:9x} b', {}).issues).toEqual([
      expect.objectContaining({ kind: 'reference', code: 'ref.syntax', text: '${env:9x}' }),
    ]);
    expect(resolveEnv('cost: $${env:PRICE}', { PRICE: '1' })).toEqual({
      value: 'cost: ${env:PRICE}',
      templated: true,
      issues: [],
    });
    expect(resolveEnv(['${env:A}', 5], { A: 'eu' }).value).toEqual(['eu', 5]);
  });

  it('moved and settings values may use references too', async () => {
    const r = await loadFiles(
      {
        'a.yaml': `${DEFAULTS}monitors:\n  - name: new name\n    type: http\n    url: https://a.example.com/\nmoved:\n  - from: \${env:OLD}\n    to: new name\nsettings:\n  api_url: \${env:API}\n`,
      },
      { env: { OLD: 'old name', API: 'https://monitoring.example.com/api/v1' } },
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.state.moved[0]).toMatchObject({ from: 'old name', to: 'new name' });
    expect(r.state.settings.apiUrl).toBe('https://monitoring.example.com/api/v1');
  });
});
