// The pure parts of the simulated checks: globs, rule outcomes, what a check changes, the
// due queue's order, and the --check-rules / --check-delay flags.
import { describe, expect, it } from 'vitest';
import { DueQueue } from '../../src/sim/checks/due-queue.js';
import { decideCheck, globMatches, outcomeFor } from '../../src/sim/checks/outcome.js';
import { defaultCheckSettings } from '../../src/sim/checks/settings.js';
import { simOptionsFromFlags } from '../../src/sim/cli-options.js';

describe('check rule globs', () => {
  it('are those of check --name: the whole value, * any run (also none and across "/"), ? one character, [..] one of', () => {
    expect(globMatches('shop: *', 'shop: home')).toBe(true);
    expect(globMatches('shop: *', 'shop: ')).toBe(true);
    expect(globMatches('shop: *', 'the shop: home')).toBe(false);
    expect(globMatches('https://*.example.com/*', 'https://a.b.example.com/x/y')).toBe(true);
    expect(globMatches('a?c', 'abc')).toBe(true);
    expect(globMatches('a?c', 'ac')).toBe(false);
    expect(globMatches('a.c', 'abc')).toBe(false);
    expect(globMatches('(x)+{y}$', '(x)+{y}$')).toBe(true);
    expect(globMatches('api-[ab]', 'api-b')).toBe(true);
    expect(globMatches('api-[!ab]', 'api-b')).toBe(false);
    expect(globMatches('*', 'line\nbreak')).toBe(true);
    expect(globMatches('caf?', 'café')).toBe(true);
  });

  it('pick the first rule whose every glob matches, else the default', () => {
    const settings = {
      ...defaultCheckSettings(),
      default: 'degraded' as const,
      rules: [
        { name: 'a*', url: '*x*', status: 'down' as const },
        { name: 'a*', status: 'up' as const },
      ],
    };
    expect(outcomeFor({ name: 'ab', url: 'https://x/' }, settings)).toBe('down');
    expect(outcomeFor({ name: 'ab', url: 'https://y/' }, settings)).toBe('up');
    expect(outcomeFor({ name: 'b', url: 'https://x/' }, settings)).toBe('degraded');
  });
});

describe('what a check changes', () => {
  it('opens an incident on a first down, resolves on up or degraded, and leaves incidents alone otherwise', () => {
    expect(decideCheck('down', false)).toEqual({ status: 'down', openIncident: true, resolveIncidents: false });
    expect(decideCheck('down', true)).toEqual({ status: 'down', openIncident: false, resolveIncidents: false });
    expect(decideCheck('up', true)).toEqual({ status: 'up', openIncident: false, resolveIncidents: true });
    expect(decideCheck('degraded', true)).toEqual({ status: 'degraded', openIncident: false, resolveIncidents: true });
    expect(decideCheck('up', false)).toEqual({ status: 'up', openIncident: false, resolveIncidents: false });
    expect(decideCheck('maintenance', true)).toEqual({
      status: 'maintenance',
      openIncident: false,
      resolveIncidents: false,
    });
    expect(decideCheck('pending', true)).toEqual({ openIncident: false, resolveIncidents: false });
  });
});

describe('the due queue', () => {
  it('pops by time, then in the order pushed, and only what is due', () => {
    const queue = new DueQueue();
    const times = [50, 10, 30, 10, 70, 20, 30, 5];
    times.forEach((atMs, i) => queue.push({ atMs, at: String(atMs), id: `m${i}` }));
    expect(queue.popDue(4)).toBeUndefined();
    const popped: string[] = [];
    for (let e = queue.popDue(30); e; e = queue.popDue(30)) popped.push(e.id);
    expect(popped).toEqual(['m7', 'm1', 'm3', 'm5', 'm2', 'm6']);
    expect(queue.size).toBe(2);
  });
});

describe('the check flags of monitors sim', () => {
  const file = JSON.stringify({ default: 'down', delayMs: 50, rules: [{ name: 'ok *', status: 'up' }] });

  it('read the rules file, with --check-delay winning over its delay', () => {
    expect(simOptionsFromFlags({ checkRules: 'rules.json' }, () => file).checks).toEqual({
      default: 'down',
      delayMs: 50,
      rules: [{ name: 'ok *', status: 'up' }],
    });
    expect(simOptionsFromFlags({ checkRules: 'rules.json', checkDelay: '0' }, () => file).checks?.delayMs).toBe(0);
    expect(simOptionsFromFlags({ checkDelay: '250' }).checks).toEqual({ delayMs: 250 });
  });

  it('refuse a bad file or delay with one SIM_BAD_OPTION naming the file and the problem', () => {
    const read = (text: string) => () => simOptionsFromFlags({ checkRules: 'r.json' }, () => text);
    expect(read('{"rules": [{"name": "x", "status": "green"}]}')).toThrow(
      '--check-rules r.json cannot be used: rules/0: status must be one of: pending, up, degraded, down, paused, maintenance, awaiting_allowlist',
    );
    expect(read('[')).toThrow(/--check-rules r.json cannot be used: it is not valid JSON/);
    expect(read('{"rules": [{"status": "up"}]}')).toThrow(/needs a name or url glob/);
    expect(() =>
      simOptionsFromFlags({ checkRules: 'missing.json' }, () => {
        throw Object.assign(new Error('no'), { code: 'ENOENT' });
      }),
    ).toThrow('--check-rules missing.json cannot be read (ENOENT)');
    expect(() => simOptionsFromFlags({ checkDelay: '1.5' })).toThrow(
      '--check-delay must be an integer from 0 to 86400000 (got "1.5")',
    );
  });
});
