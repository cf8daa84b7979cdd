// Each set of variants is one `const` list, and each table over it has exactly the list's
// members at run time too (a cast could hide a gap from the typecheck; this cannot).
// The typecheck's side is tests/architecture/variants.types.ts.
import { describe, expect, it } from 'vitest';
import { PROBES } from '../../src/check/probes/index.js';
import { TARGET_SHOWN_AS } from '../../src/check/target.js';
import { PROVIDER_LOADERS } from '../../src/ci/load-provider.js';
import { detectedProvider, DETECTED_BY, PROVIDERS } from '../../src/ci/provider-names.js';
import { CI_STARTERS, INIT_CIS } from '../../src/init/ci-starters.js';
import { MONITOR_TYPES } from '../../src/schema/monitor-input-schema.js';
import { REQUIRED_BY_TYPE, URL_FORM_BY_TYPE, USED_BY_TYPE } from '../../src/schema/type-fields.js';

const sorted = (keys: Iterable<string>) => [...keys].sort();

describe('variants come from one list', () => {
  it('has a probe, required and used fields, a url form and a target form for each monitor type', () => {
    for (const table of [PROBES, REQUIRED_BY_TYPE, USED_BY_TYPE, URL_FORM_BY_TYPE, TARGET_SHOWN_AS])
      expect(sorted(Object.keys(table))).toEqual(sorted(MONITOR_TYPES));
  });

  it('has a loader, a detection and an init starter (or none) for each CI provider', () => {
    for (const table of [PROVIDER_LOADERS, DETECTED_BY, CI_STARTERS])
      expect(sorted(Object.keys(table))).toEqual(sorted(PROVIDERS));
    expect(INIT_CIS).toEqual(PROVIDERS.filter((name) => CI_STARTERS[name] !== undefined));
  });

  it('detects a CI by its variable, in the order of the list, and falls back to plain', () => {
    expect(detectedProvider({})).toBe('plain');
    expect(detectedProvider({ GITHUB_ACTIONS: 'true' })).toBe('github');
    expect(detectedProvider({ GITLAB_CI: 'true' })).toBe('gitlab');
    expect(detectedProvider({ GITLAB_CI: 'true', GITHUB_ACTIONS: 'true' })).toBe('github');
    expect(detectedProvider({ GITHUB_ACTIONS: '1' })).toBe('plain');
  });
});
