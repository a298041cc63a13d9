import { describe, expect, it } from 'vitest';
import { computeAttendanceMetrics } from '../../src/domain/attendance/attendance-metrics.ts';
import { shiftInstants } from '../../src/domain/attendance/shift-times.ts';
import { monthChart } from '../../src/domain/dashboard/month-chart.ts';
import { presenceOf } from '../../src/domain/dashboard/presence.ts';
import { addSummaries, EMPTY_SUMMARY, summarizeAttendance } from '../../src/domain/reports/attendance-summary.ts';
import { birthdayIn, nextBirthday } from '../../src/domain/reports/birthdays.ts';
import { dayFigures, kindOfPlan } from '../../src/domain/worktime/day-figures.ts';
import { DEFAULT_BREAK_RULES } from '../../src/domain/worktime/break-rules.ts';
import { createDayCalendar, createPeriodPlanner, dayKindOf, leaveDateSet, nextDate, type DayAttendance } from '../../src/domain/reports/day-calendar.ts';
import { escapeHtml, reportRowsHtml } from '../../src/domain/reports/report-html.ts';
import { buildMonthlyRecord, type RecordAttendance } from '../../src/domain/reports/monthly-record.ts';
import { addMonths, datesOf, daysInMonth, isDate, isMonth, isWholeMonth, MAX_PERIOD_DAYS, monthPeriod, parsePeriod, parseYear, periodLength, weekPeriod } from '../../src/domain/reports/periods.ts';
import { recordNoteText } from '../../src/domain/reports/record-notes.ts';
import { formatCell, formatMonth, isNumericKind } from '../../src/domain/reports/report-format.ts';
import { exportHrefOf } from '../../src/domain/reports/report-links.ts';
import { monthNumber, oneOf, positiveId } from '../../src/domain/reports/report-query.ts';
import { isReportName, sumColumns } from '../../src/domain/reports/report-table.ts';
import type { ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';
import { translate } from '../../src/i18n/translate.ts';

const MADRID = 'Europe/Madrid';
const LISBON = 'Europe/Lisbon';
const H = 3600;

const schedule = (over: Partial<ScheduleRule> = {}): ScheduleRule => ({
  id: 1,
  startTime: '09:00',
  offTime: '17:00',
  totalHours: 8,
  restDays: ['Saturday', 'Sunday'],
  fromDate: '2026-01-01',
  toDate: null,
  status: 'current',
  ...over,
});
const NIGHT = schedule({ id: 2, startTime: '22:00', offTime: '06:00', restDays: ['Sunday', 'Monday'] });

/** An attendance typed as local times (the way a correction is entered), with its metrics. */
function day(date: string, timeIn: string, timeOut: string | null, s: ScheduleRule | null = schedule(), zone = MADRID, breakIn: string | null = null, breakOut: string | null = null): RecordAttendance {
  const shift = shiftInstants(date, { timeIn, timeOut, breakIn, breakOut }, zone);
  const m = computeAttendanceMetrics({ date, timeZone: zone, graceMinutes: 5, schedule: s ?? undefined, shift });
  return { date, timeIn: shift.timeIn, timeOut: shift.timeOut, breaks: shift.breaks, timezone: zone, revision: 1, reason: null, source: 'clock', ...m };
}

describe('periods', () => {
  it('knows real dates and months', () => {
    expect(isDate('2026-02-28')).toBe(true);
    expect(isDate('2026-02-29')).toBe(false);
    expect(isDate('2028-02-29')).toBe(true);
    expect(isDate('2026-2-1')).toBe(false);
    expect(isDate(null)).toBe(false);
    expect(isMonth('2026-11')).toBe(true);
    expect(isMonth('2026-13')).toBe(false);
    expect(isMonth('26-11')).toBe(false);
    expect(daysInMonth('2028-02')).toBe(29);
    expect(monthPeriod('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });

  it('parses a report period, never failing', () => {
    const today = '2026-11-21';
    expect(parsePeriod({}, today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(parsePeriod({ month: '2026-02' }, today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(parsePeriod({ from: '2026-03-10', to: '2026-03-01' }, today)).toEqual({ from: '2026-03-01', to: '2026-03-10' });
    expect(parsePeriod({ from: '2026-03-10' }, today)).toEqual({ from: '2026-03-10', to: '2026-03-10' });
    expect(parsePeriod({ from: 'x', to: 'y', month: 'z' }, today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    const long = parsePeriod({ from: '2020-01-01', to: '2026-01-01' }, today);
    expect(periodLength(long)).toBe(MAX_PERIOD_DAYS);
    expect(long.from).toBe('2020-01-01');
  });

  it('weeks run Monday to Sunday; whole months are recognised', () => {
    expect(weekPeriod('2026-11-21')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(weekPeriod('2026-11-16')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(weekPeriod('2026-11-22')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(isWholeMonth({ from: '2026-02-01', to: '2026-02-28' })).toBe(true);
    expect(isWholeMonth({ from: '2026-02-01', to: '2026-02-27' })).toBe(false);
    expect(datesOf({ from: '2026-02-27', to: '2026-03-02' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(parseYear('2025', '2026-05-01')).toBe(2025);
    expect(parseYear('20x5', '2026-05-01')).toBe(2026);
    expect(parseYear(null, '2026-05-01')).toBe(2026);
  });

  it('walks dates across month and year ends', () => {
    expect(nextDate('2026-01-27')).toBe('2026-01-28');
    expect(nextDate('2026-02-28')).toBe('2026-03-01');
    expect(nextDate('2028-02-28')).toBe('2028-02-29');
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
  });
});

describe('expected work and day kinds', () => {
  const cal = createDayCalendar(MADRID);

  it('expects the schedule hours on working days, nothing on rest days or without a schedule', () => {
    expect(cal.expectedSeconds('2026-11-20', schedule())).toBe(8 * H);
    expect(cal.expectedSeconds('2026-11-21', schedule())).toBe(0);
    expect(cal.expectedSeconds('2026-11-20', undefined)).toBe(0);
    expect(cal.expectedSeconds('2026-11-20', schedule({ totalHours: 7.5 }))).toBe(7.5 * H);
  });

  it('corrects a night shift for DST: 7 h when clocks go forward, 9 h when they go back (Madrid and Lisbon)', () => {
    expect(cal.expectedSeconds('2026-03-28', NIGHT)).toBe(7 * H);
    expect(cal.expectedSeconds('2026-10-24', NIGHT)).toBe(9 * H);
    expect(cal.expectedSeconds('2026-03-27', NIGHT)).toBe(8 * H);
    const lisbon = createDayCalendar(LISBON);
    expect(lisbon.expectedSeconds('2026-03-28', NIGHT)).toBe(7 * H);
    expect(lisbon.expectedSeconds('2026-10-24', NIGHT)).toBe(9 * H);
  });

  it('decides the kind of a day in the documented order', () => {
    const base = { today: '2026-11-20', calendar: cal, schedule: schedule() };
    expect(dayKindOf({ ...base, date: '2026-11-16', attendance: { timeOut: 'x' }, onLeave: true })).toBe('worked');
    expect(dayKindOf({ ...base, date: '2026-11-16', attendance: { timeOut: null }, onLeave: false })).toBe('open');
    expect(dayKindOf({ ...base, date: '2026-11-15', attendance: undefined, onLeave: true })).toBe('rest');
    expect(dayKindOf({ ...base, date: '2026-11-16', attendance: undefined, onLeave: true })).toBe('leave');
    expect(dayKindOf({ ...base, date: '2026-11-16', attendance: undefined, onLeave: false, schedule: undefined })).toBe('unscheduled');
    expect(dayKindOf({ ...base, date: '2026-11-16', attendance: undefined, onLeave: true, schedule: undefined })).toBe('leave');
    expect(dayKindOf({ ...base, date: '2026-11-20', attendance: undefined, onLeave: false })).toBe('upcoming');
    expect(dayKindOf({ ...base, date: '2026-11-19', attendance: undefined, onLeave: false })).toBe('absent');
  });

  it('counts overtime only on closed days', () => {
    const overtimeSeconds = (worked: number | null, expected: number) =>
      dayFigures({
        date: '2026-11-16',
        today: '2026-11-20',
        plan: { state: expected > 0 ? 1 : 2, scheduledSeconds: expected },
        attendance: { timeOut: worked === null ? null : 'x', workedSeconds: worked, breakSeconds: 0, lateSeconds: 0, earlyDepartureSeconds: 0 },
        onLeave: false,
        breakRules: DEFAULT_BREAK_RULES,
      }).overtimeSeconds;
    expect(overtimeSeconds(9 * H, 8 * H)).toBe(H);
    expect(overtimeSeconds(7 * H, 8 * H)).toBe(0);
    expect(overtimeSeconds(null, 0)).toBe(0);
    expect(overtimeSeconds(2 * H, 0)).toBe(2 * H);
  });

  it('expands leave ranges within a period', () => {
    expect([...leaveDateSet([{ fromDate: '2026-10-30', toDate: '2026-11-02' }], '2026-11-01', '2026-11-30')]).toEqual(['2026-11-01', '2026-11-02']);
  });
});

describe('summarizeAttendance', () => {
  const cal = createDayCalendar(MADRID);
  // Week of Monday 2026-11-16; today is Monday 2026-11-23.
  const days: DayAttendance[] = [
    day('2026-11-16', '08:58', '17:30', schedule(), MADRID, '13:00', '13:00'), // 8 h 32 min, no real break
    day('2026-11-17', '09:20', '17:00'), // late 20 min, 7 h 40 min
    // 18th: absent; 19th: leave
    day('2026-11-20', '09:00', null), // open (forgotten check-out)
    day('2026-11-21', '10:00', '12:00', null), // Saturday: 2 h outside the schedule
  ];
  const summary = summarizeAttendance({
    period: { from: '2026-11-16', to: '2026-11-30' },
    today: '2026-11-23',
    calendar: cal,
    schedules: [schedule()],
    leaveDates: new Set(['2026-11-19']),
    days,
  });

  it('counts days as scheduled, attended, open, absent, leave and extra', () => {
    expect(summary).toMatchObject({ scheduledDays: 4, attendedDays: 4, openDays: 1, absentDays: 1, leaveDays: 1, extraDays: 1 });
  });

  it('sums worked time, expected time and overtime against the schedule', () => {
    expect(summary.workedSeconds).toBe(8 * H + 32 * 60 + 7 * H + 40 * 60 + 2 * H);
    // Mon, Tue, Wed (absent), Fri (open): 4 × 8 h; Thu on leave and the future expect nothing.
    expect(summary.expectedSeconds).toBe(4 * 8 * H);
    expect(summary.overtimeSeconds).toBe(32 * 60 + 2 * H);
    expect(summary.breakSeconds).toBe(0);
  });

  it('counts late arrivals and early departures with their time', () => {
    expect(summary).toMatchObject({ lateCount: 1, lateSeconds: 20 * 60, earlyCount: 0, earlySeconds: 0 });
    const early = summarizeAttendance({
      period: { from: '2026-11-16', to: '2026-11-16' },
      today: '2026-11-23',
      calendar: cal,
      schedules: [schedule()],
      leaveDates: new Set(),
      days: [day('2026-11-16', '09:00', '16:15')],
    });
    expect(early).toMatchObject({ earlyCount: 1, earlySeconds: 45 * 60, overtimeSeconds: 0, workedSeconds: 7 * H + 15 * 60 });
  });

  it('shares one plan between employees on the same shift, and keeps schedules apart by their dates', () => {
    const planner = createPeriodPlanner(cal, { from: '2026-11-16', to: '2026-11-22' });
    const a = planner.planFor([schedule({ id: 10 })]);
    expect(planner.planFor([schedule({ id: 99 })])).toBe(a);
    expect([...a.state]).toEqual([1, 1, 1, 1, 1, 2, 2]);
    expect(a.expected[0]).toBe(8 * H);
    const later = planner.planFor([schedule({ id: 5, fromDate: '2026-11-18' })]);
    expect([...later.state]).toEqual([0, 0, 1, 1, 1, 2, 2]);
    // Two schedules from the same date: the later-created one is in force, whatever the ids are.
    const pair = planner.planFor([schedule({ id: 7, totalHours: 6 }), schedule({ id: 8, totalHours: 4 })]);
    expect(pair.expected[0]).toBe(4 * H);
    const shared = summarizeAttendance({ period: { from: '2026-11-16', to: '2026-11-22' }, today: '2026-11-23', calendar: cal, schedules: [schedule()], leaveDates: new Set(), days, planner });
    const alone = summarizeAttendance({ period: { from: '2026-11-16', to: '2026-11-22' }, today: '2026-11-23', calendar: cal, schedules: [schedule()], leaveDates: new Set(), days });
    expect(shared).toEqual(alone);
  });

  it('company holidays are neither absences nor expected work; work on one is all extra', () => {
    const period = { from: '2026-11-16', to: '2026-11-20' };
    const base = { period, today: '2026-11-23', calendar: cal, schedules: [schedule()], leaveDates: new Set<string>() };
    const none = summarizeAttendance({ ...base, days: [] });
    expect(none).toMatchObject({ absentDays: 5, expectedSeconds: 5 * 8 * H });
    const holidays = new Set(['2026-11-17']);
    expect(summarizeAttendance({ ...base, holidays, days: [] })).toMatchObject({ absentDays: 4, scheduledDays: 4, expectedSeconds: 4 * 8 * H });
    const worked = summarizeAttendance({ ...base, holidays, days: [day('2026-11-17', '09:00', '13:00')] });
    expect(worked).toMatchObject({ absentDays: 4, extraDays: 1, overtimeSeconds: 4 * H, expectedSeconds: 4 * 8 * H });
    const planner = createPeriodPlanner(cal, period);
    expect([...planner.planFor([schedule()], holidays).state]).toEqual([1, 3, 1, 1, 1]);
    expect(planner.planFor([schedule()], holidays)).not.toBe(planner.planFor([schedule()]));
    expect(dayKindOf({ date: '2026-11-17', today: '2026-11-23', attendance: undefined, onLeave: true, holiday: true, schedule: schedule(), calendar: cal })).toBe('holiday');
    expect(dayKindOf({ date: '2026-11-15', today: '2026-11-23', attendance: undefined, onLeave: false, holiday: true, schedule: schedule(), calendar: cal })).toBe('rest');
  });

  it('adds summaries for the totals row', () => {
    expect(addSummaries(summary, EMPTY_SUMMARY)).toEqual(summary);
    expect(addSummaries(summary, summary).workedSeconds).toBe(2 * summary.workedSeconds);
  });

  it('a night shift across the spring DST change: 7 real hours are a full shift, not a shortfall', () => {
    const night = day('2026-03-28', '22:00', '06:00', NIGHT);
    expect(night.workedSeconds).toBe(7 * H);
    const s = summarizeAttendance({ period: { from: '2026-03-28', to: '2026-03-28' }, today: '2026-04-01', calendar: cal, schedules: [NIGHT], leaveDates: new Set(), days: [night] });
    expect(s).toMatchObject({ workedSeconds: 7 * H, expectedSeconds: 7 * H, overtimeSeconds: 0 });
    const autumn = day('2026-10-24', '22:00', '07:00', NIGHT);
    const a = summarizeAttendance({ period: { from: '2026-10-24', to: '2026-10-24' }, today: '2026-11-01', calendar: cal, schedules: [NIGHT], leaveDates: new Set(), days: [autumn] });
    // 22:00-07:00 on the night the clocks go back is 10 real hours; the shift expects 9.
    expect(a).toMatchObject({ workedSeconds: 10 * H, expectedSeconds: 9 * H, overtimeSeconds: H });
  });
});

describe('buildMonthlyRecord', () => {
  const cal = createDayCalendar(MADRID);
  const corrected = { ...day('2026-11-03', '09:00', '17:00', schedule(), MADRID, '13:00', '13:30'), revision: 2, reason: 'Forgot to clock out', source: 'clock' as const };
  const record = buildMonthlyRecord({
    period: monthPeriod('2026-11'),
    today: '2026-11-21',
    calendar: cal,
    schedules: [schedule()],
    leaveByDate: new Map([['2026-11-05', 'Vacaciones']]),
    attendances: [day('2026-11-02', '08:55', '18:10'), corrected, day('2026-11-20', '09:00', null), day('2026-11-07', '10:00', '11:00', null)],
  });

  it('lists every day of the month with its kind', () => {
    expect(record.days).toHaveLength(30);
    const kinds = Object.fromEntries(record.days.map((d) => [d.date, d.kind]));
    expect(kinds['2026-11-01']).toBe('rest');
    expect(kinds['2026-11-02']).toBe('worked');
    expect(kinds['2026-11-04']).toBe('absent');
    expect(kinds['2026-11-05']).toBe('leave');
    expect(kinds['2026-11-07']).toBe('worked');
    expect(kinds['2026-11-20']).toBe('open');
    expect(kinds['2026-11-23']).toBe('upcoming');
  });

  it('keeps exact instants and every break, and totals the month', () => {
    const d3 = record.days.find((d) => d.date === '2026-11-03')!;
    expect(d3).toMatchObject({ timeIn: '2026-11-03T08:00:00.000Z', timeOut: '2026-11-03T16:00:00.000Z', breakSeconds: 1800, workedSeconds: 7.5 * H, corrected: true, reason: 'Forgot to clock out' });
    expect(d3.breaks).toEqual([{ startAt: '2026-11-03T12:00:00.000Z', endAt: '2026-11-03T12:30:00.000Z' }]);
    const d2 = record.days.find((d) => d.date === '2026-11-02')!;
    expect(d2.overtimeSeconds).toBe(75 * 60);
    expect(record.totals).toMatchObject({
      attendedDays: 4,
      openDays: 1,
      leaveDays: 1,
      workedSeconds: 9 * H + 15 * 60 + 7.5 * H + H,
      breakSeconds: 1800,
      overtimeSeconds: 75 * 60 + H,
    });
    // Working days up to the 21st: 15, less one on leave; plus the 7th (a Saturday) expects nothing.
    expect(record.totals.expectedSeconds).toBe(14 * 8 * H);
    expect(record.totals.absentDays).toBe(11);
  });

  it('writes the notes the law asks to keep visible', () => {
    const t = (key: string, p?: Record<string, unknown>) => translate('en', key, p);
    const now = '2026-11-21T10:00:00Z';
    const note = (date: string) =>
      recordNoteText(
        record.days.find((d) => d.date === date)!,
        now,
        t,
      );
    expect(note('2026-11-01')).toBe('Rest day');
    expect(note('2026-11-03')).toBe('Corrected: Forgot to clock out');
    expect(note('2026-11-04')).toBe('Absent');
    expect(note('2026-11-05')).toBe('Vacaciones');
    expect(note('2026-11-07')).toBe('Outside the schedule');
    expect(note('2026-11-20')).toBe('Check-out missing');
    const withHoliday = buildMonthlyRecord({
      period: { from: '2026-11-09', to: '2026-11-10' },
      today: '2026-11-21',
      calendar: cal,
      schedules: [schedule()],
      leaveByDate: new Map(),
      holidays: new Map([['2026-11-09', 'La Almudena']]),
      attendances: [day('2026-11-10', '09:00', '17:00')],
    });
    expect(withHoliday.days.map((d) => d.kind)).toEqual(['holiday', 'worked']);
    expect(recordNoteText(withHoliday.days[0]!, now, t)).toBe('Holiday: La Almudena');
    expect(withHoliday.totals).toMatchObject({ absentDays: 0, expectedSeconds: 8 * H });
    const today = buildMonthlyRecord({
      period: { from: '2026-11-21', to: '2026-11-21' },
      today: '2026-11-21',
      calendar: cal,
      schedules: [],
      leaveByDate: new Map(),
      attendances: [{ ...day('2026-11-21', '09:00', null, null), source: 'manual', reason: 'Badge lost' }],
    });
    expect(recordNoteText(today.days[0]!, now, t)).toBe('Still working · Entered by hand: Badge lost');
    // Decision 042: the terminals the day was punched at, in punch order.
    const punched = buildMonthlyRecord({
      period: { from: '2026-11-10', to: '2026-11-10' },
      today: '2026-11-21',
      calendar: cal,
      schedules: [schedule()],
      leaveByDate: new Map(),
      attendances: [{ ...day('2026-11-10', '09:00', '17:00'), terminals: ['Entrance', 'Back door'] }],
    });
    expect(punched.days[0]!.terminals).toEqual(['Entrance', 'Back door']);
    expect(recordNoteText(punched.days[0]!, now, t)).toBe('Punched at Entrance, Back door');
    expect(recordNoteText(punched.days[0]!, now, (key, p) => translate('es', key, p))).toBe('Fichado en Entrance, Back door');
    expect(record.days.every((d) => d.terminals.length === 0)).toBe(true);
  });
});

describe('dashboard', () => {
  const cal = createDayCalendar(MADRID);
  const base = { today: '2026-11-20', graceMinutes: 5, open: undefined, todays: undefined, onLeave: false, schedule: schedule(), calendar: cal };

  it('places each employee: working, on a break, left, leave, rest, unscheduled, expected, not arrived', () => {
    expect(presenceOf({ ...base, now: '2026-11-20T10:00:00Z', open: { onBreak: false }, todays: { timeOut: null } })).toBe('working');
    expect(presenceOf({ ...base, now: '2026-11-20T10:00:00Z', open: { onBreak: true } })).toBe('onBreak');
    expect(presenceOf({ ...base, now: '2026-11-20T18:00:00Z', todays: { timeOut: '2026-11-20T16:00:00Z' } })).toBe('left');
    expect(presenceOf({ ...base, now: '2026-11-20T10:00:00Z', onLeave: true })).toBe('leave');
    expect(presenceOf({ ...base, today: '2026-11-21', now: '2026-11-21T10:00:00Z' })).toBe('rest');
    expect(presenceOf({ ...base, now: '2026-11-20T10:00:00Z', schedule: undefined })).toBe('unscheduled');
    // 09:00 Madrid is 08:00Z; five minutes of grace.
    expect(presenceOf({ ...base, now: '2026-11-20T08:05:00Z' })).toBe('expected');
    expect(presenceOf({ ...base, now: '2026-11-20T08:05:01Z' })).toBe('notArrived');
  });

  it('issue 37: no check-in is late until the scheduled end, then absent; nothing before the absence floor', () => {
    // 17:00 Madrid is 16:00Z.
    expect(presenceOf({ ...base, now: '2026-11-20T15:59:59Z' })).toBe('notArrived');
    expect(presenceOf({ ...base, now: '2026-11-20T16:00:00Z' })).toBe('absent');
    expect(presenceOf({ ...base, now: '2026-11-20T16:00:00Z', absenceFrom: '2026-11-20' })).toBe('absent');
    expect(presenceOf({ ...base, now: '2026-11-20T10:00:00Z', absenceFrom: '2026-11-21' })).toBe('unscheduled');
    // Today is 'upcoming' for the record unless its day is over (the live dashboards only).
    const today = { date: '2026-11-20', today: '2026-11-20', state: 1 as const, attendance: undefined, onLeave: false };
    expect(kindOfPlan(today)).toBe('upcoming');
    expect(kindOfPlan({ ...today, dayOver: true })).toBe('absent');
    const chart = monthChart(
      { from: '2026-11-20', to: '2026-11-20' },
      '2026-11-20',
      [
        { schedules: [schedule()], leaveDates: new Set(), attended: new Map(), presence: 'notArrived' },
        { schedules: [schedule()], leaveDates: new Set(), attended: new Map(), presence: 'absent' },
        { schedules: [schedule()], leaveDates: new Set(), attended: new Map(), presence: 'expected' },
      ],
      cal,
    );
    expect(chart[0]).toMatchObject({ present: 0, late: 1, absent: 1 });
  });

  it('counts the month chart per day: present, late, leave, absent; nothing after today', () => {
    const chart = monthChart(
      { from: '2026-11-16', to: '2026-11-23' },
      '2026-11-20',
      [
        {
          schedules: [schedule()],
          leaveDates: new Set(['2026-11-18']),
          attended: new Map([
            ['2026-11-16', 'on_time'],
            ['2026-11-17', 'late'],
          ]),
        },
        { schedules: [schedule()], leaveDates: new Set(), attended: new Map([['2026-11-16', null]]) },
        { schedules: [], leaveDates: new Set(), attended: new Map() },
      ],
      cal,
    );
    const by = Object.fromEntries(chart.map((d) => [d.date, d]));
    expect(by['2026-11-16']).toMatchObject({ present: 2, late: 0, leave: 0, absent: 0, elapsed: true });
    expect(by['2026-11-17']).toMatchObject({ present: 0, late: 1, absent: 1 });
    expect(by['2026-11-18']).toMatchObject({ leave: 1, absent: 1 });
    // Today does not count as an absence yet (they may still come).
    expect(by['2026-11-20']).toMatchObject({ absent: 0, elapsed: true });
    expect(by['2026-11-21']).toMatchObject({ absent: 0, present: 0 });
    expect(by['2026-11-23']!.elapsed).toBe(false);
    const holiday = monthChart({ from: '2026-11-19', to: '2026-11-19' }, '2026-11-20', [{ schedules: [schedule()], leaveDates: new Set(), holidays: new Set(['2026-11-19']), attended: new Map() }], cal);
    expect(holiday[0]).toMatchObject({ absent: 0, leave: 0 });
    expect(presenceOf({ ...base, now: '2026-11-20T10:00:00Z', holiday: true })).toBe('rest');
  });
});

describe('birthdays', () => {
  it('moves 29 February to the 28th in common years and finds the next one', () => {
    expect(birthdayIn('2000-02-29', 2027)).toBe('2027-02-28');
    expect(birthdayIn('2000-02-29', 2028)).toBe('2028-02-29');
    expect(nextBirthday('1990-11-21', '2026-11-21')).toEqual({ date: '2026-11-21', turns: 36, daysUntil: 0 });
    expect(nextBirthday('1990-01-05', '2026-11-21')).toEqual({ date: '2027-01-05', turns: 37, daysUntil: 45 });
  });
});

describe('report helpers', () => {
  it('parses filter values without failing', () => {
    expect(positiveId('12')).toBe(12);
    expect(positiveId('0')).toBeUndefined();
    expect(positiveId('1e3')).toBeUndefined();
    expect(positiveId(null)).toBeUndefined();
    expect(oneOf('active', ['active', 'archived'] as const)).toBe('active');
    expect(oneOf('x', ['active'] as const)).toBeUndefined();
    expect(monthNumber('12')).toBe(12);
    expect(monthNumber('13')).toBeUndefined();
    expect(isReportName('employee-list')).toBe(true);
    expect(isReportName('monthly-record')).toBe(false);
  });

  it('formats cells by kind and sums columns', () => {
    const opts = { lang: 'es' as const, timeZone: MADRID, timeFormat: '1' as const, t: (k: string) => translate('es', k) };
    expect(formatCell('duration', 27_000, opts)).toBe('7 h 30 min');
    expect(formatCell('date', '2026-11-21', opts)).toBe('21/11/2026');
    expect(formatCell('instant', '2026-11-21T08:05:00Z', opts)).toBe('21/11/2026 09:05');
    expect(formatCell('number', 1234, opts)).toBe('1234');
    expect(formatCell('hours', 37.5, opts)).toBe('37,5');
    expect(formatCell('label', 'reports.userStatus.enabled', opts)).toBe('Activa');
    expect(formatCell('text', null, opts)).toBe('—');
    expect(isNumericKind('duration')).toBe(true);
    expect(isNumericKind('date')).toBe(false);
    expect(formatMonth('2026-11', 'es')).toBe('noviembre de 2026');
    expect(formatMonth('2026-11', 'en')).toBe('November 2026');
    expect(sumColumns([{ cells: { a: 1, b: 'x' } }, { cells: { a: 2, b: null } }], ['a', 'b'])).toEqual({ a: 3, b: 0 });
  });

  it('renders report rows as escaped HTML with the row link on the first cell', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const table = {
      columns: [
        { key: 'name', label: 'reports.columns.name', kind: 'text' as const },
        { key: 'hours', label: 'reports.columns.hoursWorked', kind: 'duration' as const },
        { key: 'when', label: 'reports.columns.startDate', kind: 'date' as const },
      ],
      rows: [{ cells: { name: '<b>Ana</b>', hours: 3600, when: null }, href: '/employee-details/1?a=1&b=2' }],
      empty: 'reports.noEmployees',
    };
    const opts = { lang: 'en' as const, timeZone: MADRID, timeFormat: '1' as const, t: (k: string) => k };
    expect(reportRowsHtml(table, opts, true)).toBe('<tr><th scope="row"><a href="/employee-details/1?a=1&amp;b=2">&lt;b&gt;Ana&lt;/b&gt;</a></th><td class="n">1 h 00 min</td><td class="d e">—</td></tr>');
    expect(reportRowsHtml(table, opts, false)).toContain('<th scope="row">&lt;b&gt;Ana&lt;/b&gt;</th>');
  });

  it('builds the export link of the filters shown', () => {
    expect(exportHrefOf('employee-list', new URLSearchParams('department=3&print=1&status=&lang=es'), 'en')).toBe('/api/reports/employee-list/export?department=3&lang=en');
  });
});
