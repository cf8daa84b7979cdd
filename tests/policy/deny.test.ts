// deny: rules over a plan's changes.
import { describe, expect, it } from 'vitest';
import type { PolicyRuleData } from '../../src/model/policy-data.js';
import { deniedChanges } from '../../src/policy/deny.js';

const rule = (extra: Partial<PolicyRuleData>): PolicyRuleData => ({
  id: 'no-deletes',
  level: 'mandatory',
  deny: ['delete'],
  fingerprint: 'f',
  ...extra,
});

const changes = [
  { action: 'create', name: 'shop: new', type: 'http' },
  { action: 'replace', name: 'shop: cart', previousName: 'shop: basket', type: 'keyword' },
  { action: 'delete', name: 'shop: old', type: 'http' },
  { action: 'delete', name: 'api: old', type: 'ping' },
  { action: 'forget', name: 'shop: gone' },
];

const denied = (r: PolicyRuleData) => deniedChanges([r], changes).map((d) => `${d.change.action} ${d.change.name}`);

describe('deny rules', () => {
  it('refuse the changes of the kinds they name; a forget sends nothing and is never refused', () => {
    expect(denied(rule({}))).toEqual(['delete shop: old', 'delete api: old']);
    expect(denied(rule({ deny: ['create', 'replace'] }))).toEqual(['create shop: new', 'replace shop: cart']);
  });

  it('match where: by name globs (either name of a rename) and by type', () => {
    expect(denied(rule({ whereNames: ['shop: *'] }))).toEqual(['delete shop: old']);
    expect(denied(rule({ whereTypes: ['ping'] }))).toEqual(['delete api: old']);
    expect(denied(rule({ deny: ['replace'], whereNames: ['shop: basket'] }))).toEqual(['replace shop: cart']);
  });

  it('read only rules with deny:', () => {
    expect(deniedChanges([{ id: 'x', level: 'mandatory', fingerprint: 'f' }], changes)).toEqual([]);
  });
});
