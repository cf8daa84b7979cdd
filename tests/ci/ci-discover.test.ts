// `monitors ci validate --discover PATH` (any CI; the report goes to a file here): after the
// command, `discover k8s PATH --check --against` the monitors path runs as a step, its
// Markdown joins the report, and a routed host and path without a monitor fails the job.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const INGRESS = `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: {name: shop, namespace: web}
spec:
  tls: [{hosts: [shop.example.com], secretName: shop}]
  rules:
  - host: shop.example.com
    http:
      paths:
      - {path: /, pathType: Prefix, backend: {service: {name: shop, port: {number: 80}}}}
      - {path: /api, pathType: Prefix, backend: {service: {name: api, port: {number: 80}}}}
`;

let workspace = '';
beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'ci-discover-'));
  mkdirSync(join(workspace, 'monitors'));
  mkdirSync(join(workspace, 'k8s'));
  writeFileSync(join(workspace, 'k8s', 'shop.yaml'), INGRESS);
  writeFileSync(
    join(workspace, 'monitors', 'shop.yaml'),
    `${E2E_DEFAULTS}monitors:\n  - name: shop\n    url: https://shop.example.com/\n`,
  );
});
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

const ci = () =>
  runCli(['ci', 'validate', 'monitors', '--discover', 'k8s', '--provider', 'plain', '--report-dir', 'out'], {
    cwd: workspace,
    env: { CI: 'true' },
    timeoutMs: 60_000,
  });

describe('monitors ci --discover', { timeout: 60_000 }, () => {
  it('fails the job and reports the route without a monitor, then passes once it has one', async () => {
    const missing = await ci();
    expect(missing.code, missing.stdout + missing.stderr).toBe(1);
    const report = readFileSync(join(workspace, 'out', 'report.md'), 'utf8');
    expect(report).toMatch(/^#### monitors validate `monitors`: succeeded/);
    expect(report).toContain('#### monitors discover k8s --check `monitors`');
    expect(report).toContain(
      '| `k8s/shop.yaml:11` | `https://shop.example.com/api` | Ingress web/shop | `web/shop: shop.example.com/api` |',
    );
    expect(missing.stderr).toContain(
      'monitors discover k8s k8s --check: a routed host and path has no monitor in monitors',
    );

    writeFileSync(
      join(workspace, 'monitors', 'shop.yaml'),
      `${E2E_DEFAULTS}monitors:\n  - name: shop\n    url: https://shop.example.com/\n  - name: shop api\n    url: https://shop.example.com/api/health\n`,
    );
    const covered = await ci();
    expect(covered.code, covered.stdout + covered.stderr).toBe(0);
    expect(readFileSync(join(workspace, 'out', 'report.md'), 'utf8')).toContain(
      'All 2 routed hosts and paths have a monitor in monitors.',
    );
  });
});
