import { describe, expect, it } from 'vitest';
import { computeAttendanceMetrics } from '../../src/domain/attendance/attendance-metrics.ts';
import type { WorkFlag } from '../../src/domain/attendance/work-flag.ts';
import { decidePunch, type PunchInput } from '../../src/domain/clock/clock-engine.ts';
import { payrollMonth } from '../../src/domain/payroll/payroll-month.ts';
import { summarizeAttendance } from '../../src/domain/reports/attendance-summary.ts';
import { createDayCalendar, leaveDateSet } from '../../src/domain/reports/day-calendar.ts';
import { buildMonthlyRecord, type RecordAttendance } from '../../src/domain/reports/monthly-record.ts';
import { periodTotals } from '../../src/domain/periods/period-exceptions.ts';
import type { ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';
import type { BreakRules } from '../../src/domain/worktime/break-rules.ts';
import { hoursBalance, type BalanceDay } from '../../src/domain/worktime/hours-balance.ts';

// Issue 33 point 4: one computation of a day's figures. March 2026 in Madrid (UTC+1 until the
// 29th), a 09:00–17:00 schedule of 8 h, weekends off, an automatic 30 min break after 6 h.
const ZONE = 'Europe/Madrid';
const H = 3600;
const M = 60;
const calendar = createDayCalendar(ZONE);
const period = { from: '2026-03-01', to: '2026-03-31' };
const today = '2026-04-02';
const breakRules: BreakRules = { breaksPaid: false, autoBreakAfterMinutes: 360, autoBreakMinutes: 30 };
const schedules: ScheduleRule[] = [{ id: 1, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2026-01-01', toDate: null, status: 'current' }];
const holidays = new Map([['2026-03-19', 'San José']]);
const leaves = [{ leaveTypeId: 1, fromDate: '2026-03-24', toDate: '2026-03-25', name: 'Vacaciones' }];

/** A day as the clock stores it: metrics from computeAttendanceMetrics (grace 5 min). */
function day(date: string, from: string, to: string | null, opts: { breaks?: [string, string][]; workFlag?: WorkFlag } = {}): RecordAttendance {
  const at = (hhmm: string) => new Date(Date.parse(`${date}T${hhmm}:00+01:00`)).toISOString();
  const breaks = (opts.breaks ?? []).map(([s, e]) => ({ startAt: at(s), endAt: at(e) }));
  const shift = { timeIn: at(from), timeOut: to === null ? null : at(to), breaks };
  const metrics = computeAttendanceMetrics({ date, timeZone: ZONE, graceMinutes: 5, schedule: opts.workFlag ? undefined : schedules[0], shift });
  return { date, ...shift, ...metrics, timezone: ZONE, revision: 1, reason: null, source: 'clock', workFlag: opts.workFlag ?? null };
}

const attendances: RecordAttendance[] = [
  day('2026-03-02', '09:00', '18:30'), // no break punched: 9 h 30 min less the automatic 30 min = 9 h, 1 h overtime
  day('2026-03-03', '09:00', '17:30', { breaks: [['13:00', '13:30']] }), // 8 h, none
  day('2026-03-04', '09:20', '17:00'), // late 20 min; 7 h 40 min less the automatic 30 min = 7 h 10 min
  day('2026-03-05', '09:00', '16:00'), // early 1 h
  day('2026-03-07', '10:00', '13:00', { workFlag: 'rest-day' }), // Saturday: all 3 h extra
  day('2026-03-09', '18:00', '21:00', { workFlag: 'unscheduled' }), // flagged on a working day: expects nothing
  day('2026-03-19', '09:00', '17:00', { breaks: [['13:00', '13:30']] }), // holiday worked on schedule: 7 h 30 min, all extra
  day('2026-03-24', '09:00', '12:00'), // a vacation day worked anyway
  day('2026-03-26', '09:00', null), // open: forgotten check-out
];

function summary() {
  return summarizeAttendance({
    period,
    today,
    calendar,
    schedules,
    leaveDates: leaveDateSet(leaves, period.from, period.to),
    holidays: new Set(holidays.keys()),
    days: attendances,
    breakRules,
  });
}

function record() {
  return buildMonthlyRecord({
    period,
    today,
    calendar,
    schedules,
    leaveByDate: new Map([
      ['2026-03-24', 'Vacaciones'],
      ['2026-03-25', 'Vacaciones'],
    ]),
    holidays,
    attendances,
    breakRules,
  });
}

describe("one computation of a day's figures (issue 33 point 4)", () => {
  it('a 09:00–18:30 day with the automatic 30 min break is 60 min of overtime on the dashboard summary as on the record', () => {
    const one = attendances.slice(0, 1);
    const s = summarizeAttendance({ period, today, calendar, schedules, leaveDates: new Set(), days: one, breakRules });
    const r = buildMonthlyRecord({ period, today, calendar, schedules, leaveByDate: new Map(), attendances: one, breakRules });
    expect(r.totals.overtimeSeconds).toBe(60 * M);
    expect(s.overtimeSeconds).toBe(60 * M);
  });

  it('the dashboards and reports (summary), the record, payroll, the period close and the hours balance agree on the month', () => {
    const s = summary();
    const r = record();
    const pay = payrollMonth({ days: r.days, schedules, calendar, leaves, breaksPaid: false });
    const close = periodTotals(r.days, period);
    const balanceDays: BalanceDay[] = r.days.map((d) => ({
      date: d.date,
      kind: d.kind,
      countedSeconds: d.countedSeconds,
      expectedSeconds: d.expectedSeconds,
      overtimeSeconds: d.overtimeSeconds,
      overtimeCompensation: d.overtimeCompensation,
      toilSeconds: 0,
    }));
    const balance = hoursBalance(balanceDays);

    // Overtime by hand: 1 h (the 2nd) + 3 h (Saturday) + 3 h (flagged) + 7 h 30 min (holiday).
    const overtime = 1 * H + 3 * H + 3 * H + 7 * H + 30 * M;
    expect(r.totals.overtimeSeconds).toBe(overtime);
    expect(s.overtimeSeconds).toBe(overtime);
    // Payroll layout 2 (issue 33.7) pays rest-day and holiday work in their own columns, never
    // also as overtime: its overtime is the rest (1 h + 3 h flagged), and the three add up to the record's.
    expect(pay.overtimeSeconds).toBe(1 * H + 3 * H);
    expect(pay.restDayWorkedSeconds).toBe(3 * H);
    expect(pay.holidayWorkedSeconds).toBe(7 * H + 30 * M);
    expect(pay.overtimeSeconds + pay.restDayWorkedSeconds + pay.holidayWorkedSeconds).toBe(overtime);
    expect(pay.ordinarySeconds).toBe(r.totals.ordinarySeconds);
    expect(close.overtimeSeconds).toBe(overtime);
    expect(balance.overtimeSeconds).toBe(overtime);

    expect(s.countedSeconds).toBe(r.totals.countedSeconds);
    expect(pay.countedSeconds).toBe(r.totals.countedSeconds);
    expect(close.workedSeconds).toBe(r.totals.countedSeconds);
    expect(s.expectedSeconds).toBe(r.totals.expectedSeconds);
    expect(s.workedSeconds).toBe(r.totals.workedSeconds);

    // Days: worked (closed) the same in every figure; the open day apart; the worked vacation day is a leave day too.
    expect(r.totals.workedDays).toBe(8);
    expect(s.workedDays).toBe(r.totals.workedDays);
    expect(pay.workedDays).toBe(r.totals.workedDays);
    expect(s.openDays).toBe(r.totals.openDays);
    expect(s.absentDays).toBe(r.totals.absentDays);
    expect(r.totals.leaveDays).toBe(2);
    expect(s.leaveDays).toBe(r.totals.leaveDays);
    expect(pay.leaveDays).toBe(r.totals.leaveDays);

    // Lateness and early departure: the record's days and the summary read the same figure.
    const late = r.days.filter((d) => d.lateSeconds > 0);
    expect(late.map((d) => d.date)).toEqual(['2026-03-04']);
    expect(s.lateCount).toBe(1);
    expect(s.lateSeconds).toBe(late[0]!.lateSeconds);
    expect(s.earlySeconds).toBe(r.days.reduce((sum, d) => sum + d.earlyDepartureSeconds, 0));
  });

  it("the absence floor (issue 33 point 6) is honoured by the one computation: before it a missing day is 'before-start', never absent", () => {
    const absenceFrom = '2026-03-10';
    const s = summarizeAttendance({ period, today, calendar, schedules, leaveDates: leaveDateSet(leaves, period.from, period.to), holidays: new Set(holidays.keys()), days: attendances, breakRules, absenceFrom });
    const r = buildMonthlyRecord({
      period,
      today,
      calendar,
      schedules,
      leaveByDate: new Map([
        ['2026-03-24', 'Vacaciones'],
        ['2026-03-25', 'Vacaciones'],
      ]),
      holidays,
      attendances,
      breakRules,
      absenceFrom,
    });
    const pay = payrollMonth({ days: r.days, schedules, calendar, leaves, breaksPaid: false });
    // Friday 6 March had no attendance: before the floor it expects nothing and is no absence.
    const friday = r.days.find((d) => d.date === '2026-03-06')!;
    expect(friday).toMatchObject({ kind: 'before-start', expectedSeconds: 0 });
    expect(r.days.filter((d) => d.kind === 'absent' && d.date < absenceFrom)).toEqual([]);
    // From the floor on: 10-13, 16-18, 20, 23, 27, 30, 31 (the 19th a holiday, 24-25 leave, 26 open).
    expect(r.totals.absentDays).toBe(12);
    expect(s.absentDays).toBe(r.totals.absentDays);
    expect(pay.unjustifiedDays).toBe(r.totals.absentDays);
    expect(s.expectedSeconds).toBe(r.totals.expectedSeconds);
    const withoutFloor = record();
    expect(withoutFloor.totals.absentDays).toBe(13);
    expect(withoutFloor.totals.expectedSeconds - r.totals.expectedSeconds).toBe(8 * H);
  });

  it('the clock engine and the stored metrics decide lateness by the same rule (grace is a tolerance, not a discount)', () => {
    const base: Omit<PunchInput, 'now'> = { action: 'check-in', timeZone: ZONE, graceMinutes: 5, schedules, approvedLeaveDates: [], attendanceToday: null, previousOpen: null, breaksPerDay: 3, timeFormat: '1' };
    for (const [hhmm, late] of [
      ['09:05', 0],
      ['09:06', 6 * M],
    ] as const) {
      const now = new Date(Date.parse(`2026-03-04T${hhmm}:00+01:00`)).toISOString();
      const decision = decidePunch({ ...base, now });
      expect(decision.ok).toBe(true);
      const engine = decision.ok && decision.change.action === 'check-in' ? decision.change.lateSeconds : -1;
      const metrics = computeAttendanceMetrics({ date: '2026-03-04', timeZone: ZONE, graceMinutes: 5, schedule: schedules[0], shift: { timeIn: now, timeOut: null, breaks: [] } }).lateSeconds;
      expect(engine).toBe(late);
      expect(metrics).toBe(late);
    }
  });
});
