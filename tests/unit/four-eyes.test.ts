import { describe, expect, it } from 'vitest';
import { ownDecision } from '#domain/permissions/four-eyes.ts';

/** Issue 34, point 5: the pure rule; where it is enforced is tests/service/four-eyes.test.ts. */
describe('ownDecision', () => {
  it('refuses the account linked to the employee and the one that asked', () => {
    expect(ownDecision({ id: 7, employeeId: 3 }, { employeeId: 3 })).toBe('ownRecord');
    expect(ownDecision({ id: 7, employeeId: 3 }, { employeeId: 3, requestedBy: 9 })).toBe('ownRecord');
    expect(ownDecision({ id: 7, employeeId: null }, { employeeId: 4, requestedBy: 7 })).toBe('ownRequest');
    expect(ownDecision({ id: 7, employeeId: 5 }, { employeeId: 4, requestedBy: 7 })).toBe('ownRequest');
  });

  it('lets anyone else decide, also when the requester is unknown', () => {
    expect(ownDecision({ id: 7, employeeId: null }, { employeeId: 4 })).toBeUndefined();
    expect(ownDecision({ id: 7, employeeId: 5 }, { employeeId: 4, requestedBy: 8 })).toBeUndefined();
    expect(ownDecision({ id: 7, employeeId: 5 }, { employeeId: 4, requestedBy: null })).toBeUndefined();
  });
});
