import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { countWorkingDays, isWorkingDay, returnDateAfter, spanDays, workingDates, workingDaysByYear, type WorkCalendar } from '../../src/domain/leave/leave-days.ts';
import { balanceShortfall, daysInYear, findOverlap, leaveBalances, rangesOverlap, type LeaveSpan } from '../../src/domain/leave/leave-rules.ts';
import { LeaveDecisionInput, LeaveRequestInput } from '../../src/domain/leave/leave-schema.ts';
import type { ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';
import { issuesToFieldKeys } from '../../src/domain/auth/auth-schemas.ts';

const schedule = (id: number, fromDate: string, toDate: string | null, restDays: string[]): ScheduleRule => ({
  id,
  startTime: '09:00',
  offTime: '17:00',
  totalHours: 8,
  restDays,
  fromDate,
  toDate,
  status: toDate ? 'previous' : 'current',
});

/** Monday to Friday from 2026 on. */
const weekdays: WorkCalendar = { schedules: [schedule(1, '2026-01-01', null, ['Saturday', 'Sunday'])] };
/** Rest on Sunday and Monday (the demo's shop shift). */
const sunMon: WorkCalendar = { schedules: [schedule(1, '2026-01-01', null, ['Sunday', 'Monday'])] };

const leave = (id: number, from: string, to: string, status: LeaveSpan['status'] = 'approved', leaveTypeId = 1): LeaveSpan => ({ id, leaveTypeId, from, to, status });

describe('working days of a leave', () => {
  it('skips the rest days of the schedule in force', () => {
    // 2026-11-20 is a Friday; 21/22 the weekend.
    expect(isWorkingDay(weekdays, '2026-11-20')).toBe(true);
    expect(isWorkingDay(weekdays, '2026-11-21')).toBe(false);
    expect(workingDates(weekdays, '2026-11-20', '2026-11-24')).toEqual(['2026-11-20', '2026-11-23', '2026-11-24']);
    expect(countWorkingDays(weekdays, '2026-11-16', '2026-11-29')).toBe(10);
    expect(countWorkingDays(sunMon, '2026-11-16', '2026-11-29')).toBe(10);
    expect(countWorkingDays(sunMon, '2026-11-22', '2026-11-23')).toBe(0);
    expect(countWorkingDays(weekdays, '2026-11-24', '2026-11-23')).toBe(0);
  });

  it('follows a schedule change in the middle of a leave', () => {
    const changed: WorkCalendar = {
      schedules: [schedule(1, '2026-01-01', '2026-11-22', ['Saturday', 'Sunday']), schedule(2, '2026-11-23', null, ['Monday'])],
    };
    // Sat 21 and Sun 22 rest under the first; Mon 23 rests under the second; Sat 28, Sun 29 work.
    expect(workingDates(changed, '2026-11-20', '2026-11-29')).toEqual(['2026-11-20', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
  });

  it('counts a day no schedule covers, and skips company holidays', () => {
    expect(isWorkingDay(weekdays, '2025-12-27')).toBe(true); // a Saturday before any schedule
    expect(isWorkingDay({ schedules: [] }, '2026-11-21')).toBe(true);
    const withHolidays: WorkCalendar = { ...weekdays, holidays: new Set(['2026-12-08', '2026-12-25']) };
    expect(countWorkingDays(withHolidays, '2026-12-07', '2026-12-11')).toBe(4);
    expect(returnDateAfter(withHolidays, '2026-12-24')).toBe('2026-12-28');
  });

  it('splits a range across years', () => {
    // Mon 2026-12-28 .. Fri 2027-01-08 on weekdays: 4 days in 2026, 6 in 2027.
    const cal: WorkCalendar = { schedules: [schedule(1, '2026-01-01', null, ['Saturday', 'Sunday'])] };
    expect([...workingDaysByYear(cal, '2026-12-28', '2027-01-08')]).toEqual([
      [2026, 4],
      [2027, 6],
    ]);
    expect(daysInYear(cal, { from: '2026-12-28', to: '2027-01-08' }, 2026)).toBe(4);
    expect(daysInYear(cal, { from: '2026-12-28', to: '2027-01-08' }, 2027)).toBe(6);
    expect(daysInYear(cal, { from: '2026-12-28', to: '2027-01-08' }, 2028)).toBe(0);
    expect(spanDays('2026-12-28', '2027-01-08')).toBe(12);
    expect(spanDays('2026-02-01', '2026-02-01')).toBe(1);
  });

  it('returns on the next working day after the end', () => {
    expect(returnDateAfter(weekdays, '2026-11-18')).toBe('2026-11-19'); // Wednesday -> Thursday
    expect(returnDateAfter(weekdays, '2026-11-20')).toBe('2026-11-23'); // Friday -> Monday
    expect(returnDateAfter(sunMon, '2026-11-21')).toBe('2026-11-24'); // Saturday -> Tuesday
    expect(returnDateAfter(weekdays, '2026-12-31')).toBe('2027-01-01'); // across the year (a Friday)
    // Every scheduled day a holiday: the day after the end.
    const blocked: WorkCalendar = {
      schedules: [schedule(1, '2026-01-01', null, ['Saturday', 'Sunday'])],
      holidays: new Set(Array.from({ length: 400 }, (_, i) => new Date(Date.UTC(2026, 10, 21 + i)).toISOString().slice(0, 10))),
    };
    expect(returnDateAfter(blocked, '2026-11-20')).toBe('2026-11-21');
  });
});

describe('overlap', () => {
  it('finds a standing leave sharing a day; declined and the edited one do not count', () => {
    expect(rangesOverlap('2026-01-05', '2026-01-09', '2026-01-09', '2026-01-12')).toBe(true);
    expect(rangesOverlap('2026-01-05', '2026-01-09', '2026-01-10', '2026-01-12')).toBe(false);
    const leaves = [leave(1, '2026-03-02', '2026-03-06', 'declined'), leave(2, '2026-03-05', '2026-03-10', 'pending'), leave(3, '2026-03-01', '2026-03-03', 'approved')];
    expect(findOverlap(leaves, '2026-03-04', '2026-03-04')).toBeUndefined();
    expect(findOverlap(leaves, '2026-03-02', '2026-03-06')?.id).toBe(3);
    expect(findOverlap(leaves, '2026-03-02', '2026-03-06', 3)?.id).toBe(2);
    expect(findOverlap(leaves, '2026-03-06', '2026-03-06', 2)).toBeUndefined();
  });
});

describe('balances', () => {
  const vacation = { id: 1, name: 'Vacaciones', daysPerYear: 22 };
  const sick = { id: 2, name: 'Baja', daysPerYear: null };

  it('counts approved as taken and pending apart, per year, in working days', () => {
    const leaves = [
      leave(1, '2026-03-02', '2026-03-06'), // 5 taken
      leave(2, '2026-04-06', '2026-04-12', 'pending'), // Mon..Sun: 5 pending
      leave(3, '2026-05-04', '2026-05-08', 'declined'),
      leave(4, '2026-12-28', '2027-01-08'), // 4 taken in 2026, 6 in 2027
      leave(5, '2026-06-01', '2026-06-30', 'approved', 2), // 22 sick days
    ];
    expect(leaveBalances([vacation, sick], leaves, 2026, weekdays)).toEqual([
      { leaveType: 1, name: 'Vacaciones', daysPerYear: 22, entitled: 22, carriedOver: 0, carryOverExpires: null, taken: 9, pending: 5, remaining: 8 },
      { leaveType: 2, name: 'Baja', daysPerYear: null, entitled: null, carriedOver: 0, carryOverExpires: null, taken: 22, pending: 0, remaining: null },
    ]);
    expect(leaveBalances([vacation], leaves, 2027, weekdays)[0]).toMatchObject({ taken: 6, pending: 0, remaining: 16 });
  });

  it('refuses a request beyond what is left in any year it touches, unless unlimited', () => {
    const leaves = [leave(1, '2026-01-05', '2026-01-30')]; // 20 working days of 22
    expect(balanceShortfall({ id: 0, leaveTypeId: 1, from: '2026-02-02', to: '2026-02-03' }, vacation, leaves, weekdays)).toBeUndefined();
    expect(balanceShortfall({ id: 0, leaveTypeId: 1, from: '2026-02-02', to: '2026-02-04' }, vacation, leaves, weekdays)).toEqual({ year: 2026, asked: 3, remaining: 2 });
    // Rest days are free: Fri + Mon across a weekend is 2 days.
    expect(balanceShortfall({ id: 0, leaveTypeId: 1, from: '2026-02-06', to: '2026-02-09' }, vacation, leaves, weekdays)).toBeUndefined();
    // Across the year end, each year is checked against its own allowance.
    const late = [leave(1, '2026-12-01', '2026-12-25')]; // 19 days in 2026
    expect(balanceShortfall({ id: 0, leaveTypeId: 1, from: '2026-12-28', to: '2027-01-08' }, vacation, late, weekdays)).toEqual({ year: 2026, asked: 4, remaining: 3 });
    expect(balanceShortfall({ id: 0, leaveTypeId: 1, from: '2026-12-29', to: '2027-01-29' }, vacation, late, weekdays)).toBeUndefined();
    expect(balanceShortfall({ id: 0, leaveTypeId: 1, from: '2026-12-29', to: '2027-02-02' }, vacation, late, weekdays)).toEqual({ year: 2027, asked: 23, remaining: 22 });
    // An edit does not count itself twice; another type's leave does not count.
    expect(balanceShortfall({ id: 1, leaveTypeId: 1, from: '2026-01-05', to: '2026-02-03' }, vacation, leaves, weekdays)).toBeUndefined();
    expect(balanceShortfall({ id: 0, leaveTypeId: 2, from: '2026-01-01', to: '2026-12-31' }, sick, leaves, weekdays)).toBeUndefined();
    // Pending requests count against the allowance; declined ones do not.
    const pending = [leave(1, '2026-01-05', '2026-01-30', 'pending'), leave(2, '2026-02-02', '2026-02-03', 'declined')];
    expect(balanceShortfall({ id: 0, leaveTypeId: 1, from: '2026-02-02', to: '2026-02-04' }, vacation, pending, weekdays)).toEqual({ year: 2026, asked: 3, remaining: 2 });
    // A lowered allowance leaves nothing, never a negative remainder.
    expect(balanceShortfall({ id: 0, leaveTypeId: 1, from: '2026-02-02', to: '2026-02-02' }, { ...vacation, daysPerYear: 10 }, leaves, weekdays)).toEqual({ year: 2026, asked: 1, remaining: 0 });
  });
});

describe('leave input', () => {
  const fields = (schema: v.GenericSchema, input: unknown) => {
    const r = v.safeParse(schema, input);
    return r.success ? {} : issuesToFieldKeys(r.issues);
  };

  it('needs type, dates in order and a reason', () => {
    expect(fields(LeaveRequestInput, {})).toEqual({ leaveType: 'validation.required', from: 'validation.required', to: 'validation.required', reason: 'validation.required' });
    expect(fields(LeaveRequestInput, { leaveType: '2', from: '2026-03-10', to: '2026-03-09', reason: 'x' })).toEqual({ to: 'leave.toBeforeFrom' });
    expect(fields(LeaveRequestInput, { leaveType: 2, from: '2026-03-10', to: '2027-03-11', reason: 'x' })).toEqual({ to: 'leave.tooLong' });
    expect(fields(LeaveRequestInput, { leaveType: 2, from: '10/03/2026', to: '2026-02-30', reason: '  ' })).toEqual({ from: 'validation.invalidDate', to: 'validation.invalidDate', reason: 'validation.required' });
    const ok = v.parse(LeaveRequestInput, { employee: '', leaveType: '2', from: '2026-03-10', to: '2026-03-10', reason: ' Médico ' });
    // `approved` (issue 17.9): an admin's recorded absence; a request by default.
    expect(ok).toEqual({ employee: null, leaveType: 2, from: '2026-03-10', to: '2026-03-10', reason: 'Médico', approved: false });
    expect(v.parse(LeaveRequestInput, { employee: 3, leaveType: 2, from: '2026-03-10', to: '2026-03-10', reason: 'Baja', approved: true }).approved).toBe(true);
    expect(fields(LeaveRequestInput, { leaveType: 2, from: '2026-03-10', to: '2026-03-10', reason: 'x', approved: 'yes' })).toEqual({ approved: 'validation.invalidInput' });
  });

  it('takes a decision with an optional comment', () => {
    expect(v.parse(LeaveDecisionInput, { status: 'approved', comment: '  ' })).toEqual({ status: 'approved', comment: null });
    expect(v.parse(LeaveDecisionInput, { status: 'declined', comment: ' Inventario ' })).toEqual({ status: 'declined', comment: 'Inventario' });
    expect(v.parse(LeaveDecisionInput, { status: 'approved' })).toEqual({ status: 'approved', comment: null });
    expect(fields(LeaveDecisionInput, { status: 'maybe' })).toEqual({ status: 'leave.invalidStatus' });
    expect(fields(LeaveDecisionInput, { status: 'approved', comment: 'x'.repeat(1001) })).toEqual({ comment: 'validation.tooLong' });
  });
});
