// `--var NAME=VALUE` and `--var-file FILE` read into one run's vars (src/cli/run-vars/parse.ts),
// and a saved plan's vars compared with a run's (src/plan/saved-plan-vars.ts).
import { describe, expect, it } from 'vitest';
import { parseRunVars } from '../../src/cli/run-vars/parse.js';
import { checkSavedVars } from '../../src/plan/saved-plan-vars.js';

const values = (vars: ReturnType<typeof parseRunVars>) => Object.fromEntries([...vars].map(([k, v]) => [k, v]));

describe('parseRunVars', () => {
  it('reads VALUE as YAML, files first, the last one set winning, each named by where it was set', () => {
    const vars = parseRunVars(
      [
        'interval=600',
        'regions=[eu-west, us-east]',
        'code="007"',
        'empty=',
        'tag=#1',
        'none=null',
        'domain=pr-1.example.com',
      ],
      [{ file: 'preview.yaml', text: 'domain: from-file.example.com\npath: ready\n' }],
    );
    expect(values(vars)).toEqual({
      path: { value: 'ready', from: '--var-file preview.yaml' },
      interval: { value: 600, from: '--var interval' },
      regions: { value: ['eu-west', 'us-east'], from: '--var regions' },
      code: { value: '007', from: '--var code' },
      empty: { value: '', from: '--var empty' },
      tag: { value: '#1', from: '--var tag' },
      none: { value: null, from: '--var none' },
      domain: { value: 'pr-1.example.com', from: '--var domain' },
    });
  });

  it('refuses a missing =, a bad name, a mapping value and a var file that is not a mapping', () => {
    const bad = (assignments: string[], files: { file: string; text: string }[] = []) => {
      try {
        parseRunVars(assignments, files);
      } catch (error) {
        return `${(error as { code: string }).code}: ${(error as Error).message}`;
      }
      return 'accepted';
    };
    expect(bad(['domain'])).toBe('BAD_OPTION: --var takes NAME=VALUE, not "domain"');
    expect(bad(['my-domain=x'])).toBe(
      'BAD_OPTION: --var my-domain: "my-domain" is not a var name (letters, digits and _)',
    );
    expect(bad(['domain={a: 1}'])).toBe(
      'BAD_OPTION: --var domain: a var is text, a number, true/false, null or a list of those',
    );
    expect(bad([], [{ file: 'v.json', text: '[1, 2]' }])).toMatch(/^BAD_OPTION: --var-file v.json must hold a mapping/);
    expect(bad([], [{ file: 'v.yaml', text: 'a: [' }])).toMatch(/^BAD_OPTION: --var-file v.yaml is not valid YAML/);
  });
});

describe('checkSavedVars', () => {
  it('takes none, or exactly the recorded ones; refuses others naming each var that differs', () => {
    expect(() => checkSavedVars({ domain: 'a' }, {}, 'p.json')).not.toThrow();
    expect(() => checkSavedVars({ domain: 'a' }, { domain: 'a' }, 'p.json')).not.toThrow();
    expect(() => checkSavedVars({ domain: 'a' }, { domain: 'b', path: 'x' }, 'p.json')).toThrow(
      'the saved plan p.json was made with other vars than this run sets: domain (the plan: "a", this run: "b"), path (not set by the plan, this run: "x"); nothing was changed',
    );
    expect(() => checkSavedVars(undefined, { domain: 'a' }, 'p.json')).toThrow(
      expect.objectContaining({ code: 'PLAN_VARS_DIFFER' }),
    );
  });
});
