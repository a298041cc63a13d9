import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AttendanceCreateInput, AttendanceUpdateInput } from '../../src/domain/attendance/attendance-schema.ts';
import { localShiftTimes, minutesAfterTimeIn, shiftInstants, shiftOrderProblems, wallClockReader, type LocalShiftTimes } from '../../src/domain/attendance/shift-times.ts';
import { issuesToFieldKeys } from '../../src/domain/auth/auth-schemas.ts';

const LISBON = 'Europe/Lisbon';
const times = (timeIn: string, timeOut: string | null, breakIn: string | null = null, breakOut: string | null = null): LocalShiftTimes => ({ timeIn, timeOut, breakIn, breakOut });

function problems(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  return result.success ? {} : issuesToFieldKeys(result.issues);
}

const valid = { employee: '3', date: '2026-01-15', timeIn: '09:00', timeOut: '17:00', breakIn: '', breakOut: '', reason: 'Forgot to clock in' };

describe('minutesAfterTimeIn', () => {
  it('counts forward from the time in, wrapping past midnight', () => {
    expect(minutesAfterTimeIn('09:00', '17:30')).toBe(510);
    expect(minutesAfterTimeIn('22:00', '06:00')).toBe(480);
    expect(minutesAfterTimeIn('22:00', '22:00')).toBe(0);
  });
});

describe('shiftOrderProblems', () => {
  it('accepts a day, a night shift and an open day', () => {
    expect(shiftOrderProblems(times('09:00', '17:00', '13:00', '13:30'))).toEqual({});
    expect(shiftOrderProblems(times('22:00', '06:00', '01:00', '01:30'))).toEqual({});
    expect(shiftOrderProblems(times('09:00', null))).toEqual({});
    expect(shiftOrderProblems(times('09:00', null, '12:00', null))).toEqual({});
  });

  it('refuses a time out equal to the time in', () => {
    expect(shiftOrderProblems(times('09:00', '09:00'))).toEqual({ timeOut: 'attendance.timeOutSameAsIn' });
  });

  it('refuses a break end without a start, before its start, or outside the shift', () => {
    expect(shiftOrderProblems(times('09:00', '17:00', null, '13:00'))).toEqual({ breakIn: 'attendance.breakInMissing' });
    expect(shiftOrderProblems(times('09:00', '17:00', '13:30', '13:00'))).toEqual({ breakOut: 'attendance.breakEndBeforeStart' });
    expect(shiftOrderProblems(times('09:00', '17:00', '08:00', '08:30'))).toMatchObject({ breakIn: 'attendance.breakOutsideShift' });
    expect(shiftOrderProblems(times('09:00', '17:00', '16:30', '17:30'))).toEqual({ breakOut: 'attendance.breakOutsideShift' });
    expect(shiftOrderProblems(times('09:00', '17:00', '09:00', '09:30'))).toEqual({ breakIn: 'attendance.breakOutsideShift' });
    expect(shiftOrderProblems(times('22:00', '06:00', '06:30', '07:00'))).toMatchObject({ breakIn: 'attendance.breakOutsideShift' });
  });

  it('a closed day cannot have an open break', () => {
    expect(shiftOrderProblems(times('09:00', '17:00', '13:00', null))).toEqual({ breakOut: 'attendance.breakNotEnded' });
  });
});

describe('shiftInstants', () => {
  it('puts times earlier than the time in on the next day', () => {
    expect(shiftInstants('2026-01-15', times('22:00', '06:00', '01:00', '01:30'), LISBON)).toEqual({
      timeIn: '2026-01-15T22:00:00.000Z',
      timeOut: '2026-01-16T06:00:00.000Z',
      breaks: [{ startAt: '2026-01-16T01:00:00.000Z', endAt: '2026-01-16T01:30:00.000Z' }],
    });
  });

  it('converts summer local times to UTC and keeps an open day open', () => {
    expect(shiftInstants('2026-07-15', times('09:00', null, '12:00', null), LISBON)).toEqual({
      timeIn: '2026-07-15T08:00:00.000Z',
      timeOut: null,
      breaks: [{ startAt: '2026-07-15T11:00:00.000Z', endAt: null }],
    });
  });

  it('round-trips through localShiftTimes, first break only', () => {
    const shift = shiftInstants('2026-07-15', times('22:30', '06:15', '02:00', '02:20'), LISBON);
    expect(localShiftTimes(shift, LISBON)).toEqual(times('22:30', '06:15', '02:00', '02:20'));
    const two = { ...shift, breaks: [{ startAt: '2026-07-16T03:00:00.000Z', endAt: null }, ...shift.breaks] };
    expect(localShiftTimes(two, LISBON).breakIn).toBe('02:00');
  });
});

describe('wallClockReader', () => {
  it('reads instants as the local wall clock, across a DST change', () => {
    const read = wallClockReader(LISBON);
    expect(read('2026-01-15T09:00:00.000Z').toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(read('2026-07-15T08:00:30.000Z').toISOString()).toBe('2026-07-15T09:00:30.000Z');
    expect(read('2026-03-29T00:59:00.000Z').toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(read('2026-03-29T01:00:00.000Z').toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(wallClockReader('America/New_York')('2026-07-15T03:00:00.000Z').toISOString()).toBe('2026-07-14T23:00:00.000Z');
  });
});

describe('attendance input schemas', () => {
  it('accepts a manual entry, with empty optional times as null and the reason trimmed', () => {
    const out = v.parse(AttendanceCreateInput, { ...valid, reason: '  Forgot to clock in ' });
    // A manual day is on site with its overtime not marked (nor force majeure, decision 081) unless told (decision 035).
    expect(out).toEqual({
      employee: 3,
      date: '2026-01-15',
      timeIn: '09:00',
      timeOut: '17:00',
      breakIn: null,
      breakOut: null,
      reason: 'Forgot to clock in',
      workMode: 'on-site',
      overtimeCompensation: null,
      overtimeForceMajeure: null,
    });
  });

  it('refuses a missing reason with the spec message ("reason must be written")', () => {
    expect(problems(AttendanceCreateInput, { ...valid, reason: '   ' })).toEqual({ reason: 'attendance.reasonRequired' });
    const { reason: _r, ...noReason } = valid;
    expect(problems(AttendanceCreateInput, noReason)).toEqual({ reason: 'attendance.reasonRequired' });
  });

  it('refuses a missing time in with "You must enter the time."', () => {
    expect(problems(AttendanceCreateInput, { ...valid, timeIn: '' })).toEqual({ timeIn: 'messages.mustEnterTime' });
    const { timeIn: _t, ...noTime } = valid;
    expect(problems(AttendanceCreateInput, noTime)).toEqual({ timeIn: 'messages.mustEnterTime' });
  });

  it('refuses malformed times and dates, a missing employee, an over-long reason', () => {
    expect(problems(AttendanceCreateInput, { ...valid, timeIn: '9:00' })).toEqual({ timeIn: 'attendance.invalidTime' });
    expect(problems(AttendanceCreateInput, { ...valid, timeOut: '24:00' })).toEqual({ timeOut: 'attendance.invalidTime' });
    expect(problems(AttendanceCreateInput, { ...valid, date: '2026-02-30' })).toEqual({ date: 'validation.invalidDate' });
    expect(problems(AttendanceCreateInput, { ...valid, employee: '' })).toEqual({ employee: 'validation.required' });
    expect(problems(AttendanceCreateInput, { ...valid, reason: 'x'.repeat(501) })).toEqual({ reason: 'validation.tooLong' });
  });

  it('applies the order rules on their fields', () => {
    expect(problems(AttendanceCreateInput, { ...valid, breakIn: '13:30', breakOut: '13:00' })).toEqual({ breakOut: 'attendance.breakEndBeforeStart' });
  });

  it('an edit needs a reason and the times; employee, date and revision are optional', () => {
    expect(v.parse(AttendanceUpdateInput, { timeIn: '08:00', timeOut: '', reason: 'Fix', revision: '2' })).toEqual({
      timeIn: '08:00',
      timeOut: null,
      breakIn: null,
      breakOut: null,
      reason: 'Fix',
      revision: 2,
    });
    expect(problems(AttendanceUpdateInput, { timeIn: '08:00' })).toEqual({ reason: 'attendance.reasonRequired' });
  });
});
