// The folders whose paragraph in docs/architecture.md says what they import ("Check imports
// only `model` and `schema`"), held to it: beside its own folder and src/errors.ts, each
// imports only the folders or files named here, as the page names them.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph } from './import-graph.js';

const root = resolve(import.meta.dirname, '../..');

const IMPORTS_ONLY: Record<string, string[]> = {
  schema: [],
  model: ['schema/'],
  lock: ['model/'],
  load: ['schema/', 'model/', 'lock/', 'policy/'],
  policy: ['schema/', 'model/'],
  api: ['model/', 'schema/', 'version/'],
  check: ['model/', 'schema/'],
  wait: ['api/', 'apply/types.ts', 'plan/types.ts', 'model/'],
  // The check's renderers: one check run in JSON becomes the comment's Markdown and GitLab's
  // JUnit (src/ci/machine-reports.ts), so that the probes reach the checked services once;
  // the report of every environment, which `--env all --format markdown` writes too.
  ci: [
    'api/origin.ts',
    'render/check-markdown.ts',
    'render/junit/check-junit.ts',
    'render/every-environment/combined-report.ts',
  ],
  sim: ['schema/', 'model/'],
};

describe('what the folders of src/ import, as docs/architecture.md says', () => {
  it('holds for each folder the page confines', () => {
    const outside: string[] = [];
    for (const [from, targets] of importGraph(join(root, 'src'))) {
      const folder = from.split('/')[0]!;
      const allowed = IMPORTS_ONLY[folder];
      if (!allowed || !from.includes('/')) continue;
      for (const to of targets) {
        const ok =
          to === 'errors.ts' ||
          to.startsWith(`${folder}/`) ||
          allowed.some((place) => (place.endsWith('/') ? to.startsWith(place) : to === place));
        if (!ok) outside.push(`${from} -> ${to}`);
      }
    }
    expect(outside).toEqual([]);
  });
});
