import { describe, expect, it } from 'vitest';
import { exportWorkspace } from '../../src/export/export-workspace.js';
import { exportSummary } from '../../src/render/export-report.js';
import { FULL_LISTING, SPEC_ONLY_LISTING, full, id } from './fixtures.js';

const paths = (fileNames: string[]) => ({
  outDir: 'monitors',
  filePaths: fileNames.map((f) => `monitors/${f}`),
  lockPath: 'monitors.lock.json',
});

describe('export summary', () => {
  it('lists the files, the unreadable fields, the TODOs and the next commands', () => {
    const result = exportWorkspace(SPEC_ONLY_LISTING);
    const text = exportSummary(result, paths(result.files.map((f) => f.fileName)));
    expect(text).toContain('Exported 5 monitors into monitors:\n  monitors/http.yaml     2 monitors\n');
    expect(text).toContain('  monitors.lock.json     5 lock records (all not verifiable yet)');
    expect(text).toContain('The listing did not return auth_type, confirmation_attempts');
    expect(text).toContain('  monitors/keyword.yaml: "Shop search": keyword\n');
    expect(text).toContain(
      'Next:\n  monitors validate monitors\n  monitors plan monitors --lock monitors.lock.json\nThe first plan replaces the 5 "not verifiable" monitors once',
    );
  });

  it('names the secret variables and the duplicate names', () => {
    const result = exportWorkspace([...FULL_LISTING, full(id(50), 'Blog', {})], {
      fingerprint: () => ({ fingerprint: 'f' }),
    });
    const text = exportSummary(result, paths(result.files.map((f) => f.fileName)));
    expect(text).toContain('  MONITOR_SECRET_API_LOGIN  ("API login")\n');
    expect(text).toContain(
      `  "Blog": ids ${[id(14), id(50)].sort().join(', ')}\nRename all but one in the dashboard and export again, or adopt the one to manage with \`monitors export --out monitors --lock monitors.lock.json --id <id>\` (it is pinned with \`id:\`).`,
    );
    expect(text).not.toContain('not readable');
    expect(text).toContain('The first plan re-sends the secrets once');
  });
});
