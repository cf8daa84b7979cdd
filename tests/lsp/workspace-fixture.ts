// A workspace for the language server's end-to-end tests: settings with two environments
// (staging, production) and their vars, a file of templates (for_each), a file of plain
// monitors with a `moved:` entry, and a file with problems of several kinds. Written to a
// fresh folder per test file; `lock` adds a lock file (written by the test from the
// planner's own records, see code-lens.test.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const DEFAULTS = `defaults:
  method: GET
  interval_seconds: 300
  timeout_seconds: 10
  retry_count: 1
  confirmation_attempts: 2
  slow_threshold_ms: 2000
  expected_status_min: 200
  expected_status_max: 299
  max_redirects: 3
  auth_type: none
  execution_mode: single_location
  consensus_threshold: 1
`;

export const FILES: Record<string, string> = {
  'settings.yaml': `settings:
  environments:
    staging:
      token_env: STAGING_TOKEN
      vars:
        domain: staging.example.com
        regions: [eu-west]
    production:
      token_env: PRODUCTION_TOKEN
      vars:
        domain: example.com
        regions: [eu-west, us-east]
`,
  'services.yaml': `${DEFAULTS}
vars:
  path: /healthz

monitors:
  - name: "api \${each.region}"
    type: http
    url: https://\${each.region}.\${var.domain}\${var.path}
    locations: ["\${each.region}"]
    for_each:
      region: \${var.regions}
`,
  'shop.yaml': `${DEFAULTS}
monitors:
  - name: home
    type: keyword
    url: https://\${var.domain}/
    keyword: Welcome
    keyword_mode: present
    locations: [eu-west]

  - name: checkout
    type: http
    url: https://\${var.domain}/checkout
    locations: [eu-west]
    retry_count: 2

moved:
  - from: old checkout
    to: checkout
`,
  'broken.yaml': `${DEFAULTS}
monitors:
  - name: search
    type: http
    urll: https://example.com/search
    locations: [eu-west]

  - name: "ü€😀 status"
    type: keyword
    url: https://example.com/status
    locations: [eu-west]
    expected_status_min: 500
    expected_status_max: 200

  - name: orders
    type: http
    url: https://example.com/orders
    locations: [eu-west]
    auth_type: bearer
    auth_secret: hunter2-literal

  - { name: "😀😀 flow", type: http, urll: https://example.com/flow, locations: [eu-west] }
`,
};

export function writeWorkspace(files: Record<string, string> = FILES): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'monitors-lsp-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
