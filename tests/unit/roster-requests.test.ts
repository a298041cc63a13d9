import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { claimRefusal, dayTaken, hasStarted, swapPlan, SwapProposalInput, type RequestShift } from '../../src/domain/roster/roster-requests.ts';

/** Decision 086: the pure rules of open-shift claims and swaps. */
const shift = (over: Partial<RequestShift>): RequestShift => ({
  id: 1,
  companyId: 1,
  departmentId: 1,
  employeeId: null,
  date: '2026-06-17',
  startTime: '08:00',
  endTime: '16:00',
  breakMinutes: 30,
  published: true,
  ...over,
});
const claimant = { id: 7, companyId: 1, departmentId: 1, status: 'active' as const };
const now = { today: '2026-06-15', nowTime: '10:00', dayTaken: false };

describe('hasStarted', () => {
  it('is true for a past date and for today from the start on', () => {
    expect(hasStarted({ date: '2026-06-14', startTime: '23:00' }, '2026-06-15', '00:10')).toBe(true);
    expect(hasStarted({ date: '2026-06-15', startTime: '10:00' }, '2026-06-15', '10:00')).toBe(true);
    expect(hasStarted({ date: '2026-06-15', startTime: '10:01' }, '2026-06-15', '10:00')).toBe(false);
  });
});

describe('claimRefusal', () => {
  it('accepts an open published shift of the department on a free future day', () => {
    expect(claimRefusal(shift({}), claimant, now)).toBeNull();
  });
  it('hides another department or company (404) and refuses taken, begun, unpublished shifts (409)', () => {
    expect(claimRefusal(shift({ departmentId: 2 }), claimant, now)?.status).toBe(404);
    expect(claimRefusal(shift({ companyId: 2 }), claimant, now)?.status).toBe(404);
    expect(claimRefusal(shift({ employeeId: 3 }), claimant, now)?.code).toBe('rosterRequests.notOpen');
    expect(claimRefusal(shift({ published: false }), claimant, now)?.code).toBe('rosterRequests.notOpen');
    expect(claimRefusal(shift({ date: '2026-06-15', startTime: '09:00' }), claimant, now)?.code).toBe('rosterRequests.started');
    expect(claimRefusal(shift({}), claimant, { ...now, dayTaken: true })?.code).toBe('rosterRequests.claimDayTaken');
    expect(claimRefusal(shift({}), { ...claimant, status: 'archived' }, now)?.code).toBe('rosterRequests.notActive');
  });
});

describe('dayTaken', () => {
  it('counts draft shifts but those given away, and a published shift unless one is given away that day', () => {
    expect(dayTaken({ draftShiftIds: [], publishedShift: false, releasing: [] })).toBe(false);
    expect(dayTaken({ draftShiftIds: [4], publishedShift: false, releasing: [] })).toBe(true);
    expect(dayTaken({ draftShiftIds: [4], publishedShift: true, releasing: [4] })).toBe(false);
    expect(dayTaken({ draftShiftIds: [], publishedShift: true, releasing: [] })).toBe(true);
  });
});

describe('swapPlan', () => {
  it('give: the taker gets the shift, the giver rests', () => {
    const plan = swapPlan(shift({ id: 1, employeeId: 10 }), null, 10, 20);
    expect(plan.moves).toEqual([{ shiftId: 1, employeeId: 20 }]);
    expect(plan.days).toEqual([
      { employeeId: 10, date: '2026-06-17', kind: 'rest', startTime: null, endTime: null, breakMinutes: 0 },
      { employeeId: 20, date: '2026-06-17', kind: 'shift', startTime: '08:00', endTime: '16:00', breakMinutes: 30 },
    ]);
  });
  it('trade on two dates: four days, each worker resting where they gave', () => {
    const plan = swapPlan(shift({ id: 1, employeeId: 10 }), shift({ id: 2, employeeId: 20, date: '2026-06-18', startTime: '14:00', endTime: '22:00' }), 10, 20);
    expect(plan.moves).toEqual([
      { shiftId: 1, employeeId: 20 },
      { shiftId: 2, employeeId: 10 },
    ]);
    expect(plan.days.map((d) => `${d.employeeId} ${d.date} ${d.kind} ${d.startTime ?? ''}`)).toEqual(['10 2026-06-17 rest ', '10 2026-06-18 shift 14:00', '20 2026-06-17 shift 08:00', '20 2026-06-18 rest ']);
  });
  it('trade on one date: two days, each with the other shift', () => {
    const plan = swapPlan(shift({ id: 1, employeeId: 10 }), shift({ id: 2, employeeId: 20, startTime: '14:00', endTime: '22:00' }), 10, 20);
    expect(plan.days.map((d) => `${d.employeeId} ${d.kind} ${d.startTime}`)).toEqual(['10 shift 14:00', '20 shift 08:00']);
  });
});

describe('SwapProposalInput', () => {
  it('takes ids, an optional other shift and a trimmed note; refuses a long note', () => {
    expect(v.parse(SwapProposalInput, { shift: '3', colleague: 4, note: '  Médico ' })).toEqual({ shift: 3, colleague: 4, otherShift: null, note: 'Médico' });
    expect(v.safeParse(SwapProposalInput, { shift: 3, colleague: 4, note: 'x'.repeat(501) }).success).toBe(false);
    expect(v.safeParse(SwapProposalInput, { shift: 0, colleague: 4 }).success).toBe(false);
  });
});
