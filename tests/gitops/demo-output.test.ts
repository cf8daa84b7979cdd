import { describe, expect, it } from 'vitest';
import { condense } from '../../scripts/demo-output.js';

const change = (name: string) => `+ create "${name}"\n    reason: new\n    name: "${name}"\n`;
const plan = `${change('a')}\n${change('b')}\n${change('c')}\nNote: something\n\nPlan: 3 to create, 0 to update, 0 to delete.\n`;

describe('the demo output', () => {
  it('shows the first change of a plan in full, counts the others, and keeps notes and the summary', () => {
    expect(condense(plan, { changes: 1, outcomes: 0 })).toBe(
      `${change('a')}\n  ... 2 more changes (\`monitors plan\` prints each in full)\n\nNote: something\n\nPlan: 3 to create, 0 to update, 0 to delete.\n`,
    );
  });

  it('of an apply, counts the plan shown before and keeps the first progress lines', () => {
    const apply = `${plan}Applying 3 changes...\ncreated  "a"\ncreated  "b"\ncreated  "c"\nApply complete: 3 created.\n`;
    expect(condense(apply, { changes: 0, outcomes: 2 })).toBe(
      '  (3 changes, as in the plan above)\n\nNote: something\n\nPlan: 3 to create, 0 to update, 0 to delete.\nApplying 3 changes...\ncreated  "a"\ncreated  "b"\n  ... 1 more\nApply complete: 3 created.\n',
    );
  });

  it('leaves short output alone', () => {
    expect(condense('No changes. 2 monitors up to date.\n', { changes: 1, outcomes: 3 })).toBe(
      'No changes. 2 monitors up to date.\n',
    );
  });
});
