import { describe, expect, it } from 'vitest';
import { accrualHorizon, carriedInto, employedDays, roundUpToHalfDay, yearEntitlement, type Employment } from '../../src/domain/leave/accrual.ts';
import type { WorkCalendar } from '../../src/domain/leave/leave-days.ts';
import { balanceShortfall, leaveBalances, yearUse, type LeaveSpan, type LeaveTypeAllowance } from '../../src/domain/leave/leave-rules.ts';
import type { ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';

/** Monday to Friday from 2025 on. */
const weekdays: WorkCalendar = {
  schedules: [{ id: 1, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2025-01-01', toDate: null, status: 'current' } satisfies ScheduleRule],
};
const always: Employment = { start: null, end: null, firstLedgerYear: 2025 };
const leave = (id: number, from: string, to: string, status: LeaveSpan['status'] = 'approved'): LeaveSpan => ({ id, leaveTypeId: 1, from, to, status });
const type = (rules: Partial<LeaveTypeAllowance>): LeaveTypeAllowance => ({ id: 1, name: 'Vacaciones', daysPerYear: 22, ...rules });

describe('proration for joiners and leavers', () => {
  it('counts employed calendar days and rounds up to half a day', () => {
    expect(employedDays({ start: '2026-07-01', end: null }, '2026-01-01', '2026-12-31')).toBe(184);
    expect(employedDays({ start: null, end: '2026-03-31' }, '2026-01-01', '2026-12-31')).toBe(90);
    expect(employedDays({ start: '2027-01-01', end: null }, '2026-01-01', '2026-12-31')).toBe(0);
    expect(roundUpToHalfDay(11.09)).toBe(11.5);
    expect(roundUpToHalfDay(5.5)).toBe(5.5);
    expect(roundUpToHalfDay(21.96)).toBe(22);
  });

  it('prorates the yearly allowance by the employed part of the year', () => {
    // 22 × 184/365 = 11.09 -> 11.5 (joined 1 July); 22 × 90/365 = 5.42 -> 5.5 (left 31 March).
    expect(yearEntitlement({ daysPerYear: 22 }, { start: '2026-07-01', end: null }, 2026)).toBe(11.5);
    expect(yearEntitlement({ daysPerYear: 22 }, { start: null, end: '2026-03-31' }, 2026)).toBe(5.5);
    // Joined and left the same year: 1 Apr..30 Sep = 183 days: 22 × 183/365 = 11.03 -> 11.5.
    expect(yearEntitlement({ daysPerYear: 22 }, { start: '2026-04-01', end: '2026-09-30' }, 2026)).toBe(11.5);
    // The whole year is exact, even for an allowance that is not a half-day multiple.
    expect(yearEntitlement({ daysPerYear: 22.3 }, { start: '2020-03-01', end: null }, 2026)).toBe(22.3);
    expect(yearEntitlement({ daysPerYear: 22 }, { start: '2027-02-01', end: null }, 2026)).toBe(0);
    expect(yearEntitlement({ daysPerYear: null }, { start: null, end: null }, 2026)).toBeNull();
  });
});

describe('accrual: days per month worked', () => {
  it('earns the rate per month through the horizon, weighting a partial month by its employed days', () => {
    const accrual = { daysPerYear: null, accrualDaysPerMonth: 2 };
    // Joined Thu 16 April: April 15/30 of 2 = 1; May and June 2 each.
    expect(yearEntitlement(accrual, { start: '2026-04-16', end: null }, 2026, 6)).toBe(5);
    expect(yearEntitlement(accrual, { start: '2026-04-16', end: null }, 2026, 3)).toBe(0);
    // The whole year: 1 + 8 × 2 = 17.
    expect(yearEntitlement(accrual, { start: '2026-04-16', end: null }, 2026)).toBe(17);
    // Left 10 February: January 2, February 10/28 × 2 = 0.71: 2.71 -> 3.
    expect(yearEntitlement(accrual, { start: null, end: '2026-02-10' }, 2026)).toBe(3);
    // 1.83 a month: 10.98 by June -> 11; 21.96 in the year -> 22.
    expect(yearEntitlement({ daysPerYear: null, accrualDaysPerMonth: 1.83 }, { start: null, end: null }, 2026, 6)).toBe(11);
    expect(yearEntitlement({ daysPerYear: null, accrualDaysPerMonth: 1.83 }, { start: null, end: null }, 2026)).toBe(22);
  });

  it('never exceeds the prorated yearly allowance', () => {
    // Accrued 17 (above) but 22 × 260/365 = 15.67 -> 16 caps it.
    expect(yearEntitlement({ daysPerYear: 22, accrualDaysPerMonth: 2 }, { start: '2026-04-16', end: null }, 2026)).toBe(16);
    expect(yearEntitlement({ daysPerYear: 22, accrualDaysPerMonth: 2 }, { start: '2026-04-16', end: null }, 2026, 6)).toBe(5);
  });

  it('counts months up to today, or up to the latest leave of the year', () => {
    expect(accrualHorizon(2026, '2026-05-10', null)).toBe(5);
    expect(accrualHorizon(2026, '2026-05-10', '2026-09-03')).toBe(9);
    expect(accrualHorizon(2026, '2026-05-10', '2026-02-03')).toBe(5);
    expect(accrualHorizon(2025, '2026-05-10', null)).toBe(12);
    expect(accrualHorizon(2027, '2026-05-10', null)).toBe(0);
    expect(accrualHorizon(2027, '2026-05-10', '2027-02-01')).toBe(2);
  });

  it('shows what is earned so far and refuses leave beyond what is earned by its month', () => {
    const accrual = type({ daysPerYear: null, accrualDaysPerMonth: 2 });
    const context = { employment: always, asOf: '2026-02-10' };
    expect(leaveBalances([accrual], [], 2026, weekdays, context)[0]).toMatchObject({ entitled: 4, remaining: 4 });
    // 10 days in March (Mon 2..Fri 13): earned by March 6, so 6 of the 10 fit.
    expect(balanceShortfall({ id: 0, leaveTypeId: 1, from: '2026-03-02', to: '2026-03-13' }, accrual, [], weekdays, context)).toEqual({ year: 2026, asked: 10, remaining: 6 });
    // The same 10 days in May (Mon 4..Fri 15): earned by May 10: they fit.
    expect(balanceShortfall({ id: 0, leaveTypeId: 1, from: '2026-05-04', to: '2026-05-15' }, accrual, [], weekdays, context)).toBeUndefined();
    // With that May leave standing, the year is counted through May: 10 earned, 10 pending.
    expect(leaveBalances([accrual], [leave(1, '2026-05-04', '2026-05-15', 'pending')], 2026, weekdays, context)[0]).toMatchObject({ entitled: 10, pending: 10, remaining: 0 });
  });
});

describe('carry-over with an expiry date', () => {
  // 22 a year, at most 5 carried, lapsing after 31 March.
  const vacation = type({ carryOverMaxDays: 5, carryOverExpiry: '03-31' });
  const leaves = [
    leave(1, '2025-08-04', '2025-08-22'), // 15 working days in 2025: 7 unused -> 5 carried
    leave(2, '2026-02-02', '2026-02-04'), // 3 days before the expiry: drawn from the carried 5
    leave(3, '2026-06-01', '2026-06-12', 'pending'), // 10 days from 2026's own 22
  ];
  const useOf = (y: number) => yearUse(weekdays, leaves, 1, y, `${y}-03-31`);

  it('carries the unused days, at most the maximum, and never twice', () => {
    expect(carriedInto(vacation, always, 2026, useOf)).toBe(5);
    // 2026 used none of its own 22 beyond 10: 12 unused -> 5.
    expect(carriedInto(vacation, always, 2027, useOf)).toBe(5);
    // Nothing is carried into the first year Jornada keeps, nor for a type without carry-over.
    expect(carriedInto(vacation, { ...always, firstLedgerYear: 2026 }, 2026, useOf)).toBe(0);
    expect(carriedInto(type({}), always, 2026, useOf)).toBe(0);
    // 2026's own 22 all used (and more): the 2 carried days left lapse, nothing passes on.
    const full = [...leaves, leave(4, '2026-09-01', '2026-09-30')]; // 22 September working days
    expect(carriedInto(vacation, always, 2027, (y) => yearUse(weekdays, full, 1, y, `${y}-03-31`))).toBe(0);
  });

  it('counts carried days in the balance until they lapse', () => {
    const before = leaveBalances([vacation], leaves, 2026, weekdays, { employment: always, asOf: '2026-02-15' })[0];
    // 22 own - 10 + (5 carried - 3 used).
    expect(before).toMatchObject({ entitled: 22, carriedOver: 5, carryOverExpires: '2026-03-31', taken: 3, pending: 10, remaining: 14 });
    const after = leaveBalances([vacation], leaves, 2026, weekdays, { employment: always, asOf: '2026-04-01' })[0];
    expect(after).toMatchObject({ carriedOver: 5, remaining: 12 });
  });

  it('lets only leave before the expiry use the carried days', () => {
    const context = { employment: always, asOf: '2026-02-15' };
    // 15 days in July (Mon 6..Fri 24): own use 10 + 15 = 25 > 22: 3 over, 12 were left for it.
    expect(balanceShortfall({ id: 0, leaveTypeId: 1, from: '2026-07-06', to: '2026-07-24' }, vacation, leaves, weekdays, context)).toEqual({ year: 2026, asked: 15, remaining: 12 });
    // 14 days from Mon 2 March: 2 carried days left + 12 own: fits exactly.
    expect(balanceShortfall({ id: 0, leaveTypeId: 1, from: '2026-03-02', to: '2026-03-19' }, vacation, leaves, weekdays, context)).toBeUndefined();
    // One more (to Fri 20) does not.
    expect(balanceShortfall({ id: 0, leaveTypeId: 1, from: '2026-03-02', to: '2026-03-20' }, vacation, leaves, weekdays, context)).toEqual({ year: 2026, asked: 15, remaining: 14 });
  });

  it('prorates a joiner in the balance and the check', () => {
    const context = { employment: { start: '2026-07-01', end: null, firstLedgerYear: 2026 }, asOf: '2026-08-01' };
    expect(leaveBalances([type({})], [], 2026, weekdays, context)[0]).toMatchObject({ entitled: 11.5, carriedOver: 0, remaining: 11.5 });
    // 12 days from Mon 7 September: half a day too many.
    expect(balanceShortfall({ id: 0, leaveTypeId: 1, from: '2026-09-07', to: '2026-09-22' }, type({}), [], weekdays, context)).toEqual({ year: 2026, asked: 12, remaining: 11.5 });
  });
});
