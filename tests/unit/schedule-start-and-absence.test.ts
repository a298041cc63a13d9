import { describe, expect, it } from 'vitest';
import { monthChart } from '../../src/domain/dashboard/month-chart.ts';
import { payrollMonth } from '../../src/domain/payroll/payroll-month.ts';
import { absenceFloor, balanceStartOf, mayCountAsAbsence, recordStartOf } from '../../src/domain/reports/absence-rule.ts';
import { summarizeAttendance } from '../../src/domain/reports/attendance-summary.ts';
import { createDayCalendar, dayKindOf } from '../../src/domain/reports/day-calendar.ts';
import { buildMonthlyRecord } from '../../src/domain/reports/monthly-record.ts';
import { recordNotes } from '../../src/domain/reports/record-notes.ts';
import { defaultScheduleStart } from '../../src/domain/schedules/default-start.ts';
import type { ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';
import { hoursBalance } from '../../src/domain/worktime/hours-balance.ts';
import es from '../../src/i18n/es.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };

// Issue 33 point 6. 2026-11-28 is a Saturday; 2026-12-08 (Tuesday) is a holiday in Spain.
const calendar = createDayCalendar('Europe/Madrid');
const H = 3600;
const weekdays = (over: Partial<ScheduleRule> = {}): ScheduleRule => ({
  id: 1,
  startTime: '09:00',
  offTime: '17:00',
  totalHours: 8,
  restDays: ['Saturday', 'Sunday'],
  fromDate: '2026-11-02',
  toDate: null,
  status: 'current',
  ...over,
});

describe('a new schedule starts on the next working day, never today', () => {
  it('set up on a Saturday with weekends off: Monday', () => {
    expect(defaultScheduleStart('2026-11-28', ['Saturday', 'Sunday'])).toBe('2026-11-30');
  });
  it('set up on a working day: tomorrow, not today', () => {
    expect(defaultScheduleStart('2026-11-25', ['Saturday', 'Sunday'])).toBe('2026-11-26');
  });
  it('without rest days: tomorrow, even a Sunday', () => {
    expect(defaultScheduleStart('2026-11-28', [])).toBe('2026-11-29');
  });
  it('skips company holidays and rest days together', () => {
    expect(defaultScheduleStart('2026-12-04', ['Saturday', 'Sunday'], new Set(['2026-12-07', '2026-12-08']))).toBe('2026-12-09');
  });
  it('crosses months and years', () => {
    expect(defaultScheduleStart('2026-12-31', ['Friday', 'Saturday', 'Sunday'], new Set(['2027-01-01']))).toBe('2027-01-04');
  });
});

describe('the absence floor', () => {
  it('is the latest of the first schedule, the start date and the record start', () => {
    const schedules = [weekdays({ fromDate: '2026-11-02' }), weekdays({ id: 2, fromDate: '2026-12-01' })];
    expect(absenceFloor({ schedules })).toBe('2026-11-02');
    expect(absenceFloor({ schedules, startDate: '2026-11-10' })).toBe('2026-11-10');
    expect(absenceFloor({ schedules, startDate: '2026-11-10', recordStart: '2026-11-20' })).toBe('2026-11-20');
    expect(absenceFloor({ schedules, startDate: '2026-10-01', recordStart: '2026-01-01' })).toBe('2026-11-02');
  });
  it('ignores a schedule wholly replaced before it began (empty range)', () => {
    const replaced = weekdays({ fromDate: '2026-11-01', toDate: '2026-10-31', status: 'previous' });
    expect(absenceFloor({ schedules: [replaced, weekdays({ id: 2, fromDate: '2026-11-16' })] })).toBe('2026-11-16');
  });
  it('the record starts on the company creation day, or its first recorded day when earlier', () => {
    expect(recordStartOf('2026-11-28', null)).toBe('2026-11-28');
    expect(recordStartOf('2026-11-28', '2026-09-01')).toBe('2026-09-01');
    expect(recordStartOf('2026-11-28', '2026-12-01')).toBe('2026-11-28');
  });
  it('the hours balance starts at the floor, or at the first recorded day when earlier, never before the start date', () => {
    expect(balanceStartOf({ floor: '2026-11-30', hasSchedule: true, firstRecorded: '2026-12-02', startDate: null })).toBe('2026-11-30');
    expect(balanceStartOf({ floor: '2026-11-30', hasSchedule: true, firstRecorded: null, startDate: null })).toBe('2026-11-30');
    expect(balanceStartOf({ floor: '2026-11-30', hasSchedule: true, firstRecorded: '2026-11-20', startDate: null })).toBe('2026-11-20');
    expect(balanceStartOf({ floor: '2026-11-30', hasSchedule: true, firstRecorded: '2026-11-20', startDate: '2026-11-25' })).toBe('2026-11-25');
    expect(balanceStartOf({ floor: '2026-11-28', hasSchedule: false, firstRecorded: '2026-12-02', startDate: null })).toBe('2026-12-02');
    expect(balanceStartOf({ floor: '2026-11-28', hasSchedule: false, firstRecorded: null, startDate: null })).toBeNull();
  });
  it('without a floor any date may count; with one, only from it', () => {
    expect(mayCountAsAbsence('2020-01-01', undefined)).toBe(true);
    expect(mayCountAsAbsence('2026-11-27', '2026-11-28')).toBe(false);
    expect(mayCountAsAbsence('2026-11-28', '2026-11-28')).toBe(true);
  });
});

describe('no absence before the floor, in every computation', () => {
  // A schedule from the 2nd, but the installation's record began on Wednesday the 18th.
  const schedules = [weekdays()];
  const period = { from: '2026-11-01', to: '2026-11-30' };
  const today = '2026-12-01';
  const floor = absenceFloor({ schedules, recordStart: '2026-11-18' });

  it('the day kind', () => {
    const base = { today, attendance: undefined, onLeave: false, schedule: schedules[0], calendar };
    expect(dayKindOf({ ...base, date: '2026-11-17', absenceFrom: floor })).toBe('before-start');
    expect(dayKindOf({ ...base, date: '2026-11-18', absenceFrom: floor })).toBe('absent');
    expect(dayKindOf({ ...base, date: '2026-11-17' })).toBe('absent');
  });

  it('the monthly record, payroll and hours balance agree: 9 absences of 8 h (18th–30th), nothing expected before', () => {
    const record = buildMonthlyRecord({ period, today, calendar, schedules, leaveByDate: new Map(), attendances: [], absenceFrom: floor });
    expect(record.totals.absentDays).toBe(9);
    expect(record.totals.expectedSeconds).toBe(9 * 8 * H);
    const before = record.days.find((d) => d.date === '2026-11-17')!;
    expect(before).toMatchObject({ kind: 'before-start', expectedSeconds: 0 });
    expect(recordNotes(before, '2026-12-01T10:00:00Z')).toEqual([{ key: 'reports.record.kinds.beforeStart' }]);
    const payroll = payrollMonth({ days: record.days, schedules, calendar, leaves: [], breaksPaid: false });
    expect(payroll).toMatchObject({ unjustifiedDays: 9, unjustifiedSeconds: 9 * 8 * H, expectedSeconds: 9 * 8 * H });
    const balance = hoursBalance(record.days.map((d) => ({ ...d, toilSeconds: 0 })));
    expect(balance.balanceSeconds).toBe(-9 * 8 * H);
  });

  it('the attendance summary', () => {
    const s = summarizeAttendance({ period, today, calendar, schedules, leaveDates: new Set(), days: [], absenceFrom: floor });
    expect(s).toMatchObject({ absentDays: 9, scheduledDays: 9, expectedSeconds: 9 * 8 * H });
  });

  it('the dashboard month chart', () => {
    const chart = monthChart(period, today, [{ schedules, leaveDates: new Set(), attended: new Map(), absenceFrom: floor }], calendar);
    expect(chart.filter((d) => d.absent > 0).map((d) => d.date)[0]).toBe('2026-11-18');
    expect(chart.reduce((s, d) => s + d.absent, 0)).toBe(9);
  });

  it('the new day kind is labelled in both languages', () => {
    expect(es.reports.record.kinds.beforeStart).toBeTruthy();
    expect(en.reports.record.kinds.beforeStart).toBeTruthy();
  });
});
