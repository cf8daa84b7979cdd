// A small workspace on disk for the opener's tests: settings with two environments (each its
// own token variable), one monitor whose keyword reads a variable a test may leave unset, and lock files
// written as apply writes them. One fresh folder per call.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { newLockFile, serializeLock } from '../../src/lock/lock-file.js';
import type { LockFile } from '../../src/lock/types.js';
import { DEFAULTS } from '../lsp/workspace-fixture.js';

const SETTINGS = `settings:
  environments:
    staging:
      token_env: STAGING_TOKEN
      api_url: http://127.0.0.1:9/api/v1
    production:
      token_env: PRODUCTION_TOKEN
      api_url: http://127.0.0.1:9/api/v1
`;

const MONITORS = `${DEFAULTS}
monitors:
  - name: home
    type: keyword
    url: https://example.com/
    keyword: \${env:SHOP_KEY}
    keyword_mode: present
    locations: [eu-west]
`;

/** A folder holding the YAML in monitors/ (with environments unless `plain`). */
export function workspaceDir(options: { plain?: boolean } = {}): { root: string; yaml: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'monitors-open-'));
  const yaml = path.join(root, 'monitors');
  mkdirSync(yaml);
  if (!options.plain) writeFileSync(path.join(yaml, 'settings.yaml'), SETTINGS);
  writeFileSync(path.join(yaml, 'shop.yaml'), MONITORS);
  return { root, yaml };
}

/** A lock recording one monitor under `id`, written at `file`; returned as written. */
export function writeLock(file: string, id: string): LockFile {
  const lock: LockFile = { ...newLockFile(), monitors: [{ id, name: 'home', fingerprint: null }] };
  writeFileSync(file, serializeLock(lock));
  return lock;
}
