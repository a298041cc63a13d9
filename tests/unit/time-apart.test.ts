import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { computeAttendanceMetrics } from '../../src/domain/attendance/attendance-metrics.ts';
import { PAYROLL_FIXED_COLUMNS, type PayrollRow } from '../../src/domain/payroll/payroll-columns.ts';
import { payrollMonth } from '../../src/domain/payroll/payroll-month.ts';
import { createDayCalendar } from '../../src/domain/reports/day-calendar.ts';
import { buildMonthlyRecord, type RecordAttendance } from '../../src/domain/reports/monthly-record.ts';
import { summarizeAttendance } from '../../src/domain/reports/attendance-summary.ts';
import type { ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';
import { dayFigures } from '../../src/domain/worktime/day-figures.ts';
import { apartWorkByDate, interruptionRefusal, standbyRefusal, timeApartTotals, type InterruptionEntry, type StandbyEntry } from '../../src/domain/worktime/time-apart.ts';
import { InterruptionSchema, PersonalInterruptionSchema, PersonalStandbySchema } from '../../src/domain/worktime/time-apart-schema.ts';

// Issue 38 point 1 (decision 080): waiting and on-call time is recorded apart and never counted as
// work, except its called-in part; an interruption's duration is work when work was done. The
// work flows into the day's counted time through dayFigures, the one place. March 2027 in Madrid
// (UTC+1), 09:00–17:00 of 8 h, weekends off, unpaid breaks, no automatic deduction.
const ZONE = 'Europe/Madrid';
const H = 3600;
const calendar = createDayCalendar(ZONE);
const period = { from: '2027-03-01', to: '2027-03-31' };
const today = '2027-04-05';
const schedules: ScheduleRule[] = [{ id: 1, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2027-01-01', toDate: null, status: 'current' }];
const rules = { breaksPaid: false, autoBreakAfterMinutes: 0, autoBreakMinutes: 0 };

function day(date: string, from: string, to: string | null): RecordAttendance {
  const at = (hhmm: string) => new Date(Date.parse(`${date}T${hhmm}:00+01:00`)).toISOString();
  const shift = { timeIn: at(from), timeOut: to === null ? null : at(to), breaks: [] };
  const metrics = computeAttendanceMetrics({ date, timeZone: ZONE, graceMinutes: 5, schedule: schedules[0], shift });
  return { date, ...shift, ...metrics, timezone: ZONE, revision: 1, reason: null, source: 'clock' };
}

let ids = 0;
const standby = (date: string, from: string, to: string, kind: StandbyEntry['kind'], calledInSeconds = 0): StandbyEntry => ({
  id: ++ids,
  employeeId: 1,
  kind,
  startAt: new Date(`${from}+01:00`).toISOString(),
  endAt: new Date(`${to}+01:00`).toISOString(),
  date,
  timezone: ZONE,
  calledInSeconds,
  source: 'personal',
});
const interruption = (date: string, at: string, durationSeconds: number, workDone: boolean): InterruptionEntry => ({
  id: ++ids,
  employeeId: 1,
  at: new Date(`${at}+01:00`).toISOString(),
  date,
  timezone: ZONE,
  channel: 'phone',
  durationSeconds,
  workDone,
  source: 'personal',
  note: null,
});

const attendances = [day('2027-03-01', '09:00', '17:00'), day('2027-03-02', '09:00', '17:00'), day('2027-03-03', '09:00', null)];
const record = (extra: { standby?: StandbyEntry[]; interruptions?: InterruptionEntry[] } = {}) =>
  buildMonthlyRecord({ period, today, calendar, schedules, leaveByDate: new Map(), attendances, breakRules: rules, ...extra });

describe('the counting rule (dayFigures)', () => {
  const plan = { state: 1 as const, scheduledSeconds: 8 * H };
  const a = { timeOut: '2027-03-01T16:00:00.000Z', workedSeconds: 8 * H, breakSeconds: 0, lateSeconds: 0, earlyDepartureSeconds: 0 };
  const base = { date: '2027-03-01', today, plan, onLeave: false, breakRules: rules };

  it('adds the work recorded apart to the counted time: beyond the expected it is overtime', () => {
    expect(dayFigures({ ...base, attendance: a }).countedSeconds).toBe(8 * H);
    const f = dayFigures({ ...base, attendance: a, apartWorkSeconds: 1.5 * H });
    expect(f).toMatchObject({ countedSeconds: 9.5 * H, overtimeSeconds: 1.5 * H, ordinarySeconds: 8 * H });
  });

  it('counts it alone on a day without attendance (a rest day: all of it is beyond the expected)', () => {
    const f = dayFigures({ ...base, plan: { state: 2, scheduledSeconds: 0 }, attendance: undefined, apartWorkSeconds: H });
    expect(f).toMatchObject({ kind: 'rest', countedSeconds: H, overtimeSeconds: H });
  });

  it('leaves an open day open and a part-time worker’s extra complementary', () => {
    expect(dayFigures({ ...base, attendance: { ...a, timeOut: null, workedSeconds: null }, apartWorkSeconds: H }).countedSeconds).toBeNull();
    expect(dayFigures({ ...base, attendance: a, apartWorkSeconds: H, partTime: true })).toMatchObject({ overtimeSeconds: 0, complementarySeconds: H });
  });
});

describe('the monthly record', () => {
  it('keeps its days and totals exactly as before when nothing was recorded apart', () => {
    const r = record();
    expect(r.totals.timeApart).toBeUndefined();
    expect(r.days.some((d) => d.timeApart)).toBe(false);
    expect(r).toEqual(record({ standby: [], interruptions: [] }));
  });

  it('shows waiting and on-call time apart, counts only the called-in part and the interruption work as work', () => {
    const r = record({
      standby: [standby('2027-03-01', '2027-03-01T18:00:00', '2027-03-01T23:00:00', 'on_call', 1800), standby('2027-03-02', '2027-03-02T17:00:00', '2027-03-02T18:00:00', 'waiting')],
      interruptions: [interruption('2027-03-02', '2027-03-02T21:00:00', 900, true), interruption('2027-03-06', '2027-03-06T11:00:00', 600, false)],
    });
    const [first, second] = r.days;
    expect(first!.workedSeconds).toBe(8 * H);
    expect(first!.countedSeconds).toBe(8 * H + 1800);
    expect(first!.overtimeSeconds).toBe(1800);
    expect(first!.timeApart!.totals).toEqual({ waitingSeconds: 0, onCallSeconds: 5 * H, calledInSeconds: 1800, interruptions: 0, interruptionWorkSeconds: 0 });
    // Waiting is not work; the interruption with work done is.
    expect(second!.countedSeconds).toBe(8 * H + 900);
    // A contact without work on a Saturday counts nothing.
    const saturday = r.days.find((d) => d.date === '2027-03-06')!;
    expect(saturday).toMatchObject({ kind: 'rest', countedSeconds: null, overtimeSeconds: 0 });
    expect(saturday.timeApart!.interruptions).toHaveLength(1);
    expect(r.totals.timeApart).toEqual({ waitingSeconds: H, onCallSeconds: 5 * H, calledInSeconds: 1800, interruptions: 2, interruptionWorkSeconds: 900 });
    expect(r.totals.countedSeconds).toBe(record().totals.countedSeconds + 1800 + 900);
    expect(r.totals.overtimeSeconds).toBe(1800 + 900);
  });

  it('payroll reads the same days: worked hours include the work apart, the new columns show the time apart', () => {
    const r = record({ standby: [standby('2027-03-01', '2027-03-01T18:00:00', '2027-03-01T23:00:00', 'on_call', 1800)] });
    const figures = payrollMonth({ days: r.days, schedules, calendar, leaves: [], breaksPaid: () => false, holidays: new Set() });
    expect(figures.countedSeconds).toBe(r.totals.countedSeconds);
    const row = { timeApart: r.totals.timeApart } as PayrollRow;
    const value = (id: string) => PAYROLL_FIXED_COLUMNS.find((c) => c.id === id)!.value(row);
    expect([value('waiting_hours'), value('on_call_hours'), value('called_in_hours'), value('disconnection_interruptions'), value('interruption_work_hours')]).toEqual([0, 5 * H, 1800, 0, 0]);
    expect(value('on_call_hours')).toBe(timeApartTotals(r.days[0]!.timeApart!.standby, []).onCallSeconds);
  });
});

describe('validation', () => {
  const now = '2027-03-10T12:00:00.000Z';
  const p = { startAt: '2027-03-01T17:00:00.000Z', endAt: '2027-03-01T22:00:00.000Z', calledInSeconds: 0 };

  it('refuses an end before the start, the future, more than 72 h, a called-in part outside the period, an overlap', () => {
    expect(standbyRefusal(p, now, [])).toBeNull();
    expect(standbyRefusal({ ...p, endAt: p.startAt }, now, [])?.code).toBe('timeApart.errors.endBeforeStart');
    expect(standbyRefusal({ ...p, endAt: '2027-03-10T12:00:01.000Z' }, now, [])?.code).toBe('timeApart.errors.future');
    expect(standbyRefusal({ ...p, endAt: '2027-03-04T17:00:01.000Z' }, now, [])?.code).toBe('timeApart.errors.standbyTooLong');
    expect(standbyRefusal({ ...p, calledInSeconds: 5 * H + 1 }, now, [])).toEqual({ code: 'timeApart.errors.calledInOutside', field: 'calledInSeconds' });
    expect(standbyRefusal(p, now, [{ startAt: '2027-03-01T21:59:00.000Z', endAt: '2027-03-01T23:00:00.000Z' }])?.code).toBe('timeApart.errors.overlap');
    // Touching ends do not overlap.
    expect(standbyRefusal(p, now, [{ startAt: '2027-03-01T22:00:00.000Z', endAt: '2027-03-01T23:00:00.000Z' }])).toBeNull();
  });

  it('refuses an interruption of 0 s or over 24 h, or one that ends in the future', () => {
    expect(interruptionRefusal({ at: '2027-03-09T20:00:00.000Z', durationSeconds: 600 }, now)).toBeNull();
    expect(interruptionRefusal({ at: '2027-03-09T20:00:00.000Z', durationSeconds: 0 }, now)?.code).toBe('timeApart.errors.duration');
    expect(interruptionRefusal({ at: '2027-03-08T20:00:00.000Z', durationSeconds: 24 * H + 1 }, now)?.code).toBe('timeApart.errors.duration');
    expect(interruptionRefusal({ at: '2027-03-10T11:55:00.000Z', durationSeconds: 600 }, now)?.code).toBe('timeApart.errors.future');
  });

  it('the bodies: known kinds and channels, instants with a zone, whole seconds; the personal ones name no employee', () => {
    const ok = { kind: 'on_call', startAt: p.startAt, endAt: p.endAt };
    expect(v.parse(PersonalStandbySchema, { ...ok, employee: 7 })).toEqual({ ...ok, calledInSeconds: 0, note: null });
    expect(v.safeParse(PersonalStandbySchema, { ...ok, kind: 'guard' }).success).toBe(false);
    expect(v.safeParse(PersonalStandbySchema, { ...ok, startAt: '2027-03-01 17:00' }).success).toBe(false);
    expect(v.safeParse(PersonalStandbySchema, { ...ok, calledInSeconds: 1.5 }).success).toBe(false);
    const call = { at: p.startAt, channel: 'email', durationSeconds: 300, workDone: false };
    expect(v.parse(PersonalInterruptionSchema, { ...call, note: '  ' })).toEqual({ ...call, note: null });
    expect(v.safeParse(PersonalInterruptionSchema, { ...call, channel: 'fax' }).success).toBe(false);
    expect(v.safeParse(PersonalInterruptionSchema, { ...call, note: 'x'.repeat(501) }).success).toBe(false);
    expect(v.safeParse(InterruptionSchema, call).success).toBe(false);
  });
});

describe('payroll on a day without attendance', () => {
  it('counts the work apart: on a working day against the expected, on a rest day as rest-day work', () => {
    const r = record({
      standby: [standby('2027-03-08', '2027-03-08T18:00:00', '2027-03-08T23:00:00', 'on_call', H)],
      interruptions: [interruption('2027-03-06', '2027-03-06T11:00:00', 1200, true)],
    });
    expect(r.days.find((d) => d.date === '2027-03-08')).toMatchObject({ kind: 'absent', countedSeconds: H, expectedSeconds: 8 * H });
    const base = payrollMonth({ days: record().days, schedules, calendar, leaves: [], breaksPaid: () => false, holidays: new Set() });
    const figures = payrollMonth({ days: r.days, schedules, calendar, leaves: [], breaksPaid: () => false, holidays: new Set() });
    expect(figures.countedSeconds - base.countedSeconds).toBe(H + 1200);
    expect(figures.ordinarySeconds - base.ordinarySeconds).toBe(H);
    expect(figures.restDayWorkedSeconds - base.restDayWorkedSeconds).toBe(1200);
    expect(figures.overtimeSeconds).toBe(base.overtimeSeconds);
  });
});

describe('the attendance summary (personal dashboard, attendance report)', () => {
  it('counts the work apart as the record does, also on a day without attendance', () => {
    const standbyRows = [standby('2027-03-01', '2027-03-01T18:00:00', '2027-03-01T23:00:00', 'on_call', 1800), standby('2027-03-08', '2027-03-08T18:00:00', '2027-03-08T20:00:00', 'waiting', 600)];
    const calls = [interruption('2027-03-06', '2027-03-06T11:00:00', 1200, true), interruption('2027-03-02', '2027-03-02T21:00:00', 300, false)];
    const r = record({ standby: standbyRows, interruptions: calls });
    const s = summarizeAttendance({ period, today, calendar, schedules, leaveDates: new Set(), days: attendances, breakRules: rules, apartWork: apartWorkByDate(standbyRows, calls) });
    expect(s.countedSeconds).toBe(r.totals.countedSeconds);
    expect(s.overtimeSeconds).toBe(r.totals.overtimeSeconds);
    expect(s.workedSeconds).toBe(r.totals.workedSeconds);
  });
});
