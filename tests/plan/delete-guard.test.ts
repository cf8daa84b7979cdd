// The mass-delete guard: a count limit, a share limit from SHARE_RULE_MIN_DELETES deletes
// on, and an explicit way through.
import { describe, expect, it } from 'vitest';
import { checkDeleteGuard, SHARE_RULE_MIN_DELETES, type DeleteGuardOptions } from '../../src/plan/delete-guard.js';
import type { Plan } from '../../src/plan/types.js';

function planDeleting(n: number): Plan {
  return {
    format_version: 1,
    summary: { create: 0, replace: 0, delete: n, unchanged: 0 },
    changes: [],
    unmanaged: [],
    live_fingerprint: 'sha256:x',
    warnings: [],
    notes: [],
  };
}

const options = (over: Partial<DeleteGuardOptions> = {}): DeleteGuardOptions => ({
  maxDeletes: 20,
  maxDeleteShare: 0.5,
  managedLiveCount: 100,
  allowMassDelete: false,
  ...over,
});

describe('checkDeleteGuard', () => {
  it('lets through a plan without deletes, even with no managed monitors', () => {
    expect(checkDeleteGuard(planDeleting(0), options({ managedLiveCount: 0, maxDeletes: 0 }))).toBeUndefined();
  });

  it('counts: maxDeletes passes, one more is refused with PLAN_MASS_DELETE', () => {
    expect(checkDeleteGuard(planDeleting(20), options())).toBeUndefined();
    const error = checkDeleteGuard(planDeleting(21), options());
    expect(error?.code).toBe('PLAN_MASS_DELETE');
    expect(error?.message).toContain('21');
    expect(error?.message).toContain('settings.max_deletes');
    expect(error?.hint).toContain('--allow-mass-delete');
  });

  it('the share rule starts at SHARE_RULE_MIN_DELETES deletes', () => {
    expect(SHARE_RULE_MIN_DELETES).toBe(5);
    // 4 of 4 managed monitors: 100%, but below the minimum count for the share rule.
    expect(
      checkDeleteGuard(
        planDeleting(SHARE_RULE_MIN_DELETES - 1),
        options({ managedLiveCount: SHARE_RULE_MIN_DELETES - 1 }),
      ),
    ).toBeUndefined();
    const error = checkDeleteGuard(planDeleting(SHARE_RULE_MIN_DELETES), options({ managedLiveCount: 9 }));
    expect(error?.code).toBe('PLAN_MASS_DELETE');
    expect(error?.message).toContain('56%');
    expect(error?.message).toContain('settings.max_delete_share');
  });

  it('a share exactly at the limit passes; just above is refused', () => {
    expect(checkDeleteGuard(planDeleting(5), options({ managedLiveCount: 10 }))).toBeUndefined();
    expect(checkDeleteGuard(planDeleting(6), options({ managedLiveCount: 11 }))?.code).toBe('PLAN_MASS_DELETE');
  });

  it('with no managed live monitors, deletes count as the whole share', () => {
    expect(checkDeleteGuard(planDeleting(5), options({ managedLiveCount: 0 }))?.code).toBe('PLAN_MASS_DELETE');
  });

  it('allowMassDelete lets any plan through', () => {
    expect(
      checkDeleteGuard(planDeleting(500), options({ allowMassDelete: true, managedLiveCount: 500 })),
    ).toBeUndefined();
  });
});
