import { describe, expect, it } from 'vitest';
import { createDayCalendar } from '../../src/domain/reports/day-calendar.ts';
import { buildMonthlyRecord, type OvertimeCompensation, type RecordAttendance } from '../../src/domain/reports/monthly-record.ts';
import type { ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';
import { DEFAULT_BREAK_RULES, type BreakRules } from '../../src/domain/worktime/break-rules.ts';
import { nightSeconds } from '../../src/domain/payroll/night-seconds.ts';
import { payrollMonth, type PayrollLeave } from '../../src/domain/payroll/payroll-month.ts';
import { parsePayrollQuery } from '../../src/domain/payroll/payroll-query.ts';
import { CSV_LOCALES, csvCell, daysText, hoursText, PAYROLL_FIXED_COLUMNS, PAYROLL_LAYOUT_VERSION, payrollColumns, type PayrollRow } from '../../src/domain/payroll/payroll-columns.ts';
import { monthApproval } from '../../src/domain/payroll/payroll-approval.ts';
import type { PayrollMonth } from '../../src/domain/payroll/payroll-month.ts';
import { translator } from '../../src/i18n/translate.ts';
import es from '../../src/i18n/es.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };

// Every figure below is worked out by hand; Madrid is UTC+1 in winter, UTC+2 in summer (CEST),
// clocks go forward on 2026-03-29 at 02:00 and back on 2026-10-25 at 03:00.
const ZONE = 'Europe/Madrid';
const H = 3600;
const calendar = createDayCalendar(ZONE);

const schedule = (over: Partial<ScheduleRule>): ScheduleRule => ({
  id: 1,
  startTime: '09:00',
  offTime: '17:00',
  totalHours: 8,
  restDays: ['Saturday', 'Sunday'],
  fromDate: '2020-01-01',
  toDate: null,
  status: 'current',
  ...over,
});

/** An attendance from UTC instants; worked = span minus breaks (as the clock engine stores it). */
function attendance(date: string, timeIn: string, timeOut: string | null, breaks: { startAt: string; endAt: string }[] = [], compensation: OvertimeCompensation | null = null): RecordAttendance {
  const breakSeconds = breaks.reduce((s, b) => s + (Date.parse(b.endAt) - Date.parse(b.startAt)) / 1000, 0);
  return {
    date,
    timeIn,
    timeOut,
    workedSeconds: timeOut === null ? null : (Date.parse(timeOut) - Date.parse(timeIn)) / 1000 - breakSeconds,
    breakSeconds,
    statusIn: 'on_time',
    lateSeconds: 0,
    earlyDepartureSeconds: 0,
    timezone: ZONE,
    breaks,
    revision: 1,
    reason: null,
    source: 'clock',
    overtimeCompensation: compensation,
  };
}

function payroll(input: {
  from: string;
  to: string;
  today: string;
  schedules: ScheduleRule[];
  attendances: RecordAttendance[];
  leaves?: (PayrollLeave & { name: string })[];
  holidays?: Record<string, string>;
  breakRules?: BreakRules;
  /** The company's holidays as payroll reads them (the month and the next day); from `holidays` when left out. */
  holidaySet?: string[];
  /** A part-time worker: time beyond the expected is complementary hours (issue 33 point 5). */
  partTime?: boolean;
}) {
  const leaveByDate = new Map<string, string>();
  for (const l of input.leaves ?? []) for (let d = l.fromDate; d <= l.toDate; d = calendarNext(d)) leaveByDate.set(d, l.name);
  const record = buildMonthlyRecord({
    period: { from: input.from, to: input.to },
    today: input.today,
    calendar,
    schedules: input.schedules,
    leaveByDate,
    holidays: new Map(Object.entries(input.holidays ?? {})),
    attendances: input.attendances,
    breakRules: input.breakRules ?? DEFAULT_BREAK_RULES,
    partTime: input.partTime === true,
  });
  const figures = payrollMonth({
    days: record.days,
    schedules: input.schedules,
    calendar,
    leaves: input.leaves ?? [],
    breaksPaid: (input.breakRules ?? DEFAULT_BREAK_RULES).breaksPaid,
    ...(input.holidaySet ? { holidays: new Set(input.holidaySet) } : {}),
  });
  // The five parts of the worked hours never overlap: summing them pays every hour once.
  expect(figures.ordinarySeconds + figures.overtimeSeconds + figures.complementarySeconds + figures.restDayWorkedSeconds + figures.holidayWorkedSeconds).toBe(figures.countedSeconds);
  expect(figures.overtimePaidSeconds + figures.overtimeCompensatedSeconds + figures.overtimeUnmarkedSeconds).toBe(figures.overtimeSeconds);
  return figures;
}
const calendarNext = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('night seconds (art. 36 ET: 22:00-06:00 in the attendance zone)', () => {
  const day = (timeIn: string, timeOut: string | null, breaks: { startAt: string; endAt: string | null }[] = []) => ({ timeIn, timeOut, breaks, timezone: ZONE });

  it('a day shift has none', () => {
    // 09:00-18:00 CET.
    expect(nightSeconds(day('2026-01-12T08:00:00Z', '2026-01-12T17:00:00Z'), false)).toBe(0);
  });

  it('the night the clocks go forward lasts 7 hours', () => {
    // 22:00 CET on the 28th (21:00Z) to 06:00 CEST on the 29th (04:00Z): 7 real hours, all night.
    expect(nightSeconds(day('2026-03-28T21:00:00Z', '2026-03-29T04:00:00Z'), false)).toBe(7 * H);
  });

  it('the night the clocks go back lasts 9 hours', () => {
    // 22:00 CEST on the 24th (20:00Z) to 06:00 CET on the 25th (05:00Z): 9 real hours.
    expect(nightSeconds(day('2026-10-24T20:00:00Z', '2026-10-25T05:00:00Z'), false)).toBe(9 * H);
    // A 30-minute break in the repeated hour (the second 02:00-02:30, CET: 01:00Z-01:30Z) is taken out.
    expect(nightSeconds(day('2026-10-24T20:00:00Z', '2026-10-25T05:00:00Z', [{ startAt: '2026-10-25T01:00:00Z', endAt: '2026-10-25T01:30:00Z' }]), false)).toBe(8.5 * H);
  });

  it('takes an unpaid break out and leaves a paid one in', () => {
    // 20:00-23:30 CET with a break 22:30-23:00: night 22:00-23:30 = 1.5 h, minus 0.5 h.
    const d = day('2026-01-12T19:00:00Z', '2026-01-12T22:30:00Z', [{ startAt: '2026-01-12T21:30:00Z', endAt: '2026-01-12T22:00:00Z' }]);
    expect(nightSeconds(d, false)).toBe(1 * H);
    expect(nightSeconds(d, true)).toBe(1.5 * H);
    // A break outside the night changes nothing: 20:30-21:00.
    expect(nightSeconds(day('2026-01-12T19:00:00Z', '2026-01-12T22:30:00Z', [{ startAt: '2026-01-12T19:30:00Z', endAt: '2026-01-12T20:00:00Z' }]), false)).toBe(1.5 * H);
  });

  it('counts the early morning of a shift that starts before 06:00', () => {
    // 04:00-12:00 CET: 04:00-06:00 is night.
    expect(nightSeconds(day('2026-01-12T03:00:00Z', '2026-01-12T11:00:00Z'), false)).toBe(2 * H);
  });

  it('counts both ends of a long shift and nothing of an open day', () => {
    // 16:00 CET to 08:00 CET next day: 22:00-06:00 = 8 h.
    expect(nightSeconds(day('2026-01-12T15:00:00Z', '2026-01-13T07:00:00Z'), false)).toBe(8 * H);
    // 05:00 to 23:00 CET: 05:00-06:00 and 22:00-23:00.
    expect(nightSeconds(day('2026-01-12T04:00:00Z', '2026-01-12T22:00:00Z'), false)).toBe(2 * H);
    expect(nightSeconds(day('2026-01-12T21:00:00Z', null), false)).toBe(0);
  });
});

describe('payroll month (decision 052)', () => {
  it('DST nights: a 22:00-06:00 shift is 7 h and 9 h, all ordinary and all night', () => {
    const night = schedule({ startTime: '22:00', offTime: '06:00', totalHours: 8, restDays: [] });
    const spring = payroll({ from: '2026-03-28', to: '2026-03-28', today: '2026-04-01', schedules: [night], attendances: [attendance('2026-03-28', '2026-03-28T21:00:00Z', '2026-03-29T04:00:00Z')] });
    expect(spring).toMatchObject({ workedDays: 1, expectedSeconds: 7 * H, countedSeconds: 7 * H, ordinarySeconds: 7 * H, overtimeSeconds: 0, nightSeconds: 7 * H });
    const autumn = payroll({ from: '2026-10-24', to: '2026-10-24', today: '2026-11-01', schedules: [night], attendances: [attendance('2026-10-24', '2026-10-24T20:00:00Z', '2026-10-25T05:00:00Z')] });
    expect(autumn).toMatchObject({ workedDays: 1, expectedSeconds: 9 * H, countedSeconds: 9 * H, ordinarySeconds: 9 * H, overtimeSeconds: 0, nightSeconds: 9 * H });
  });

  it('a night shift crossing the month end belongs, night hours and all, to the month it started', () => {
    // Saturday 31 January 22:00 CET to Sunday 1 February 06:00 CET; the schedule starts on the 31st.
    const night = schedule({ startTime: '22:00', offTime: '06:00', totalHours: 8, restDays: ['Sunday'], fromDate: '2026-01-31' });
    const shift = attendance('2026-01-31', '2026-01-31T21:00:00Z', '2026-02-01T05:00:00Z', [], 'paid');
    const january = payroll({ from: '2026-01-01', to: '2026-01-31', today: '2026-02-10', schedules: [night], attendances: [shift] });
    // 1-30 January: no schedule in force (unscheduled: neither absence nor expected hours).
    expect(january).toMatchObject({ workedDays: 1, expectedSeconds: 8 * H, countedSeconds: 8 * H, ordinarySeconds: 8 * H, nightSeconds: 8 * H, unjustifiedDays: 0, overtimeSeconds: 0 });
    // February's record holds attendances dated in February only: Sunday the 1st is a rest day,
    // Monday the 2nd to Monday the 9th are absences (7 working days: 2-7 and 9; the 8th is Sunday).
    const february = payroll({ from: '2026-02-01', to: '2026-02-09', today: '2026-02-10', schedules: [night], attendances: [] });
    expect(february).toMatchObject({ workedDays: 0, nightSeconds: 0, countedSeconds: 0, unjustifiedDays: 7, unjustifiedSeconds: 7 * 8 * H });
  });

  it('a part-time week: ordinary up to the 4 h schedule, leave and absence take the schedule hours', () => {
    const partTime = schedule({ startTime: '09:00', offTime: '13:00', totalHours: 4 });
    const figures = payroll({
      from: '2026-02-02', // Monday
      to: '2026-02-06', // Friday
      today: '2026-02-07',
      schedules: [partTime],
      attendances: [
        attendance('2026-02-02', '2026-02-02T08:00:00Z', '2026-02-02T12:00:00Z'), // 4 h
        attendance('2026-02-03', '2026-02-03T08:00:00Z', '2026-02-03T13:30:00Z', [], 'rest'), // 5.5 h: 1.5 h compensated
        // Wednesday: leave of type 7. Thursday: nothing (absent).
        attendance('2026-02-06', '2026-02-06T08:00:00Z', '2026-02-06T12:00:00Z', [{ startAt: '2026-02-06T09:00:00Z', endAt: '2026-02-06T09:15:00Z' }]), // 3 h 45
      ],
      leaves: [{ leaveTypeId: 7, name: 'Asuntos propios', fromDate: '2026-02-04', toDate: '2026-02-04' }],
    });
    expect(figures).toEqual({
      workedDays: 3,
      openDays: 0,
      expectedSeconds: 4 * 4 * H, // Mon, Tue, Thu, Fri (the leave day expects nothing)
      countedSeconds: 4 * H + 5.5 * H + 3.75 * H,
      ordinarySeconds: 4 * H + 4 * H + 3.75 * H,
      overtimeSeconds: 1.5 * H,
      overtimePaidSeconds: 0,
      overtimeCompensatedSeconds: 1.5 * H,
      overtimeUnmarkedSeconds: 0,
      complementarySeconds: 0,
      nightSeconds: 0,
      holidayWorkedDays: 0,
      holidayWorkedSeconds: 0,
      holidayNightSeconds: 0,
      restDayWorkedDays: 0,
      restDayWorkedSeconds: 0,
      lateDays: 0,
      lateSeconds: 0,
      earlyDepartureDays: 0,
      earlyDepartureSeconds: 0,
      leaveDays: 1,
      leaveSeconds: 4 * H,
      absences: [{ leaveTypeId: 7, days: 1, seconds: 4 * H, calendarDays: 1, dates: [{ from: '2026-02-04', to: '2026-02-04' }] }],
      unjustifiedDays: 1,
      unjustifiedSeconds: 4 * H,
      unjustifiedDates: [{ from: '2026-02-05', to: '2026-02-05' }],
      overtimeMarks: [{ date: '2026-02-03', compensation: 'rest', acceptance: null }],
      autoBreakDeductedSeconds: 0,
    });
  });

  it('a holiday on a rest day is neither absence nor leave; worked, it is holiday work and never also overtime', () => {
    // 15 August 2026 is a Saturday (rest day of a Monday-Friday schedule).
    const office = schedule({});
    const base = { from: '2026-08-14', to: '2026-08-17', today: '2026-08-18', schedules: [office], holidays: { '2026-08-15': 'Asunción' } };
    const fri = attendance('2026-08-14', '2026-08-14T07:00:00Z', '2026-08-14T15:00:00Z'); // 09:00-17:00 CEST
    const mon = attendance('2026-08-17', '2026-08-17T07:00:00Z', '2026-08-17T15:00:00Z');
    expect(payroll({ ...base, attendances: [fri, mon] })).toMatchObject({
      workedDays: 2,
      expectedSeconds: 16 * H,
      ordinarySeconds: 16 * H,
      unjustifiedDays: 0,
      leaveDays: 0,
      holidayWorkedDays: 0,
      holidayWorkedSeconds: 0,
      overtimeSeconds: 0,
    });
    // Worked 10:00-14:00 on the holiday, marked paid: 4 h of holiday work, in no other column
    // (layout 1 also put them in overtime, so summing the columns paid them twice); the mark is listed.
    const sat = attendance('2026-08-15', '2026-08-15T08:00:00Z', '2026-08-15T12:00:00Z', [], 'paid');
    expect(payroll({ ...base, attendances: [fri, sat, mon] })).toMatchObject({
      workedDays: 3,
      expectedSeconds: 16 * H,
      countedSeconds: 20 * H,
      ordinarySeconds: 16 * H,
      holidayWorkedDays: 1,
      holidayWorkedSeconds: 4 * H,
      restDayWorkedSeconds: 0,
      overtimeSeconds: 0,
      overtimePaidSeconds: 0,
      overtimeMarks: [{ date: '2026-08-15', compensation: 'paid', acceptance: null }],
    });
  });

  it('break rules: a paid break counts, an automatic deduction is reported and caps the night', () => {
    const night = schedule({ startTime: '22:00', offTime: '06:00', totalHours: 8, restDays: [] });
    // 22:00-06:00 CET with a punched 02:00-02:30 break: 7.5 h worked, 7.5 h of night.
    const withBreak = [attendance('2026-01-12', '2026-01-12T21:00:00Z', '2026-01-13T05:00:00Z', [{ startAt: '2026-01-13T01:00:00Z', endAt: '2026-01-13T01:30:00Z' }])];
    const base = { from: '2026-01-12', to: '2026-01-12', today: '2026-01-20', schedules: [night] };
    expect(payroll({ ...base, attendances: withBreak })).toMatchObject({ countedSeconds: 7.5 * H, ordinarySeconds: 7.5 * H, nightSeconds: 7.5 * H, overtimeSeconds: 0 });
    // Paid: the break is work, 8 h counted and 8 h of night.
    const paid = { ...DEFAULT_BREAK_RULES, breaksPaid: true };
    expect(payroll({ ...base, attendances: withBreak, breakRules: paid })).toMatchObject({ countedSeconds: 8 * H, ordinarySeconds: 8 * H, nightSeconds: 8 * H, autoBreakDeductedSeconds: 0 });
    // No break punched, 30 min deducted after 6 h: 8 h worked count 7.5 h; the 8 h of night are capped at 7.5 h.
    const auto = { breaksPaid: false, autoBreakAfterMinutes: 360, autoBreakMinutes: 30 };
    const noBreak = [attendance('2026-01-12', '2026-01-12T21:00:00Z', '2026-01-13T05:00:00Z')];
    expect(payroll({ ...base, attendances: noBreak, breakRules: auto })).toMatchObject({ countedSeconds: 7.5 * H, ordinarySeconds: 7.5 * H, nightSeconds: 7.5 * H, autoBreakDeductedSeconds: 0.5 * H, overtimeSeconds: 0 });
  });

  it('a leave across a holiday and a weekend takes only its working days; an open day counts nothing', () => {
    // Monday 12 October 2026 is a holiday; leave Friday 9 to Tuesday 13 (type 3): Fri and Tue taken.
    const figures = payroll({
      from: '2026-10-09',
      to: '2026-10-14',
      today: '2026-10-14',
      schedules: [schedule({})],
      holidays: { '2026-10-12': 'Fiesta Nacional' },
      leaves: [{ leaveTypeId: 3, name: 'Vacaciones', fromDate: '2026-10-09', toDate: '2026-10-13' }],
      attendances: [attendance('2026-10-14', '2026-10-14T07:00:00Z', null)],
    });
    expect(figures).toMatchObject({
      leaveDays: 2,
      leaveSeconds: 16 * H,
      absences: [{ leaveTypeId: 3, days: 2, seconds: 16 * H, calendarDays: 5, dates: [{ from: '2026-10-09', to: '2026-10-13' }] }],
      openDays: 1,
      workedDays: 0,
      countedSeconds: 0,
      unjustifiedDays: 0,
    });
  });

  it('holiday hours inside night shifts are counted by the clock, out of overtime first, then ordinary', () => {
    // Tuesday 6 January 2026 (Epiphany) is a holiday; a 22:00-06:00 schedule without rest days; CET = UTC+1.
    const night = schedule({ startTime: '22:00', offTime: '06:00', totalHours: 8, restDays: [] });
    const base = { from: '2026-01-05', to: '2026-01-06', today: '2026-01-20', schedules: [night], holidays: { '2026-01-06': 'Reyes' } };
    // The 5th 22:00 to the 6th 07:00 (9 h, 1 h over): 00:00-07:00 is on the holiday (7 h, 6 h of it
    // at night); the 1 h of overtime goes first, then 6 h of ordinary: 2 h ordinary, 0 overtime.
    const eve = attendance('2026-01-05', '2026-01-05T21:00:00Z', '2026-01-06T06:00:00Z', [], 'paid');
    expect(payroll({ ...base, attendances: [eve] })).toMatchObject({
      countedSeconds: 9 * H,
      ordinarySeconds: 2 * H,
      overtimeSeconds: 0,
      overtimePaidSeconds: 0,
      holidayWorkedDays: 1,
      holidayWorkedSeconds: 7 * H,
      holidayNightSeconds: 6 * H,
      nightSeconds: 8 * H,
      restDayWorkedSeconds: 0,
    });
    // The holiday's own shift, 22:00 to 06:00 of the 7th: 2 h on the holiday (at night); the day
    // expected nothing, so the 6 h after midnight are overtime.
    const own = attendance('2026-01-06', '2026-01-06T21:00:00Z', '2026-01-07T05:00:00Z');
    expect(payroll({ ...base, attendances: [eve, own] })).toMatchObject({
      countedSeconds: 17 * H,
      ordinarySeconds: 2 * H,
      overtimeSeconds: 6 * H,
      overtimeUnmarkedSeconds: 6 * H,
      holidayWorkedDays: 1,
      holidayWorkedSeconds: 9 * H,
      holidayNightSeconds: 8 * H,
      nightSeconds: 16 * H,
    });
  });

  it('a rest-day night shift into a holiday is rest-day work before midnight and holiday work after', () => {
    // Sunday 5 April 2026 22:00 to Monday 6 April (a holiday) 06:00 CEST (UTC+2), Sundays resting: 2 h rest-day, 6 h holiday, no overtime.
    const night = schedule({ startTime: '22:00', offTime: '06:00', totalHours: 8, restDays: ['Sunday'] });
    const shift = attendance('2026-04-05', '2026-04-05T20:00:00Z', '2026-04-06T04:00:00Z');
    const figures = payroll({ from: '2026-04-05', to: '2026-04-05', today: '2026-04-10', schedules: [night], attendances: [shift], holidaySet: ['2026-04-06'] });
    expect(figures).toMatchObject({ countedSeconds: 8 * H, restDayWorkedDays: 1, restDayWorkedSeconds: 2 * H, holidayWorkedSeconds: 6 * H, holidayNightSeconds: 6 * H, overtimeSeconds: 0, ordinarySeconds: 0 });
  });

  it("a night shift of the month's last day into a holiday of the next month has its holiday hours", () => {
    // 31 December 2026 22:00 to 1 January 2027 06:00 CET: 6 h on New Year's Day, all at night, out of ordinary.
    const night = schedule({ startTime: '22:00', offTime: '06:00', totalHours: 8, restDays: [] });
    const shift = attendance('2026-12-31', '2026-12-31T21:00:00Z', '2027-01-01T05:00:00Z');
    const figures = payroll({ from: '2026-12-31', to: '2026-12-31', today: '2027-01-10', schedules: [night], attendances: [shift], holidaySet: ['2027-01-01'] });
    expect(figures).toMatchObject({ countedSeconds: 8 * H, ordinarySeconds: 2 * H, overtimeSeconds: 0, holidayWorkedDays: 1, holidayWorkedSeconds: 6 * H, holidayNightSeconds: 6 * H });
  });

  it('rest-day work has its own column; late and early minutes, overtime marks and their answers are listed', () => {
    // Mon-Fri 09:00-17:00; Friday 6 March 2026 late 10 min and out 5 min early; Saturday 7th worked 10:00-14:00, compensated with rest.
    const office = schedule({});
    const fri = { ...attendance('2026-03-06', '2026-03-06T08:10:00Z', '2026-03-06T15:55:00Z'), statusIn: 'late' as const, lateSeconds: 600, earlyDepartureSeconds: 300 };
    const sat = { ...attendance('2026-03-07', '2026-03-07T09:00:00Z', '2026-03-07T13:00:00Z', [], 'rest'), acceptance: { state: 'accepted' as const, comment: null } };
    const mon = { ...attendance('2026-03-09', '2026-03-09T08:00:00Z', '2026-03-09T17:00:00Z', [], 'paid'), acceptance: { state: 'pending' as const, comment: null } };
    // Lateness the clock noted on the rest day is not lateness: that day expected nothing.
    sat.lateSeconds = 3600;
    const figures = payroll({ from: '2026-03-06', to: '2026-03-09', today: '2026-03-20', schedules: [office], attendances: [fri, sat, mon] });
    expect(figures).toMatchObject({
      workedDays: 3,
      countedSeconds: 7.75 * H + 4 * H + 9 * H,
      ordinarySeconds: 7.75 * H + 8 * H,
      restDayWorkedDays: 1,
      restDayWorkedSeconds: 4 * H,
      overtimeSeconds: 1 * H,
      overtimePaidSeconds: 1 * H,
      overtimeCompensatedSeconds: 0,
      lateDays: 1,
      lateSeconds: 600,
      earlyDepartureDays: 1,
      earlyDepartureSeconds: 300,
      overtimeMarks: [
        { date: '2026-03-07', compensation: 'rest', acceptance: 'accepted' },
        { date: '2026-03-09', compensation: 'paid', acceptance: 'pending' },
      ],
    });
  });

  it("a part-time worker's extra hours are complementary, never overtime, and never also rest-day or holiday work", () => {
    // Part time Mon-Fri 09:00-13:00 (4 h), February 2026 (CET = UTC+1); Tuesday 3 and Thursday 5 are holidays.
    const partTime = schedule({ startTime: '09:00', offTime: '13:00', totalHours: 4 });
    const figures = payroll({
      from: '2026-02-02',
      to: '2026-02-07',
      today: '2026-02-10',
      schedules: [partTime],
      holidays: { '2026-02-03': 'Fiesta A', '2026-02-05': 'Fiesta B' },
      partTime: true,
      attendances: [
        // Mon 09:00-14:30: 4 h ordinary, 1.5 h complementary.
        attendance('2026-02-02', '2026-02-02T08:00:00Z', '2026-02-02T13:30:00Z'),
        // Tue (holiday) 09:00-12:00: 3 h of holiday work, nothing else.
        attendance('2026-02-03', '2026-02-03T08:00:00Z', '2026-02-03T11:00:00Z'),
        // Wed 09:00 to Thu (holiday) 01:00: 16 h, 12 beyond the 4 h; the hour after midnight is
        // holiday work taken out of the complementary hours: 4 ordinary, 11 complementary, 1 holiday.
        attendance('2026-02-04', '2026-02-04T08:00:00Z', '2026-02-05T00:00:00Z'),
        // Thu (holiday) 20:00 to Fri 01:00: 4 h on the holiday, the hour after midnight complementary.
        attendance('2026-02-05', '2026-02-05T19:00:00Z', '2026-02-06T00:00:00Z'),
        // Friday: absent. Sat (rest day) 10:00-12:00: 2 h of rest-day work, not also complementary.
        attendance('2026-02-07', '2026-02-07T09:00:00Z', '2026-02-07T11:00:00Z'),
      ],
    });
    expect(figures).toMatchObject({
      workedDays: 5,
      expectedSeconds: 12 * H,
      countedSeconds: 31.5 * H,
      ordinarySeconds: 8 * H,
      overtimeSeconds: 0,
      overtimeUnmarkedSeconds: 0,
      complementarySeconds: 13.5 * H,
      holidayWorkedDays: 2,
      holidayWorkedSeconds: 8 * H,
      holidayNightSeconds: 3 * H,
      nightSeconds: 6 * H,
      restDayWorkedDays: 1,
      restDayWorkedSeconds: 2 * H,
      unjustifiedDays: 1,
      unjustifiedSeconds: 4 * H,
    });
    // The same month full time: those hours are overtime instead (the 80 h cap counts them).
    const fullTime = payroll({
      from: '2026-02-02',
      to: '2026-02-07',
      today: '2026-02-10',
      schedules: [partTime],
      holidays: { '2026-02-03': 'Fiesta A', '2026-02-05': 'Fiesta B' },
      attendances: [attendance('2026-02-02', '2026-02-02T08:00:00Z', '2026-02-02T13:30:00Z'), attendance('2026-02-04', '2026-02-04T08:00:00Z', '2026-02-05T00:00:00Z')],
    });
    expect(fullTime).toMatchObject({ ordinarySeconds: 8 * H, overtimeSeconds: 12.5 * H, complementarySeconds: 0, holidayWorkedSeconds: 1 * H });
  });

  it('gives the dates of absences and leave, and sick leave in calendar days', () => {
    // Mon 9 to Wed 18 March 2026: sick leave Fri 13 to Tue 17 (3 working days, 5 calendar days); nothing else recorded.
    const figures = payroll({
      from: '2026-03-09',
      to: '2026-03-18',
      today: '2026-03-20',
      schedules: [schedule({})],
      leaves: [{ leaveTypeId: 4, name: 'Baja médica', fromDate: '2026-03-13', toDate: '2026-03-17' }],
      attendances: [],
    });
    expect(figures.absences).toEqual([{ leaveTypeId: 4, days: 3, seconds: 24 * H, calendarDays: 5, dates: [{ from: '2026-03-13', to: '2026-03-17' }] }]);
    expect(figures.unjustifiedDates).toEqual([
      { from: '2026-03-09', to: '2026-03-12' },
      { from: '2026-03-18', to: '2026-03-18' },
    ]);
    expect(figures.unjustifiedDays).toBe(5);
  });
});

describe('month approval (decision 051) for the export', () => {
  const month = { from: '2026-03-01', to: '2026-03-31' };
  const approved = (from: string, to: string, approvedAt = '2026-04-02T09:00:00Z') => ({ from, to, status: 'approved' as const, approvedAt });
  it('is approved only when approved periods cover every day', () => {
    expect(monthApproval([approved('2026-03-01', '2026-03-31')], month, ZONE)).toEqual({ approved: true, approvedOn: '2026-04-02' });
    // ISO weeks: 23 Feb-1 Mar, then 2-8, 9-15, 16-22, 23-29, 30 Mar-5 Apr; the latest approval is the date (in Madrid: 23:30Z on the 6th is the 7th).
    const weeks = ['02-23', '03-02', '03-09', '03-16', '03-23', '03-30'].map((d, i) => {
      const from = `2026-${d}`;
      const to = new Date(Date.parse(`${from}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
      return approved(from, to, i === 5 ? '2026-04-06T23:30:00Z' : '2026-03-20T10:00:00Z');
    });
    expect(monthApproval(weeks, month, ZONE)).toEqual({ approved: true, approvedOn: '2026-04-07' });
    expect(
      monthApproval(
        weeks.filter((_, i) => i !== 2),
        month,
        ZONE,
      ),
    ).toEqual({ approved: false, approvedOn: null });
    expect(monthApproval([{ ...approved('2026-03-01', '2026-03-31'), status: 'reopened' }], month, ZONE)).toEqual({ approved: false, approvedOn: null });
    expect(monthApproval([], month, ZONE)).toEqual({ approved: false, approvedOn: null });
  });
});

describe('payroll column layout (docs/payroll-export.md)', () => {
  it('keeps its fixed column ids in their order (never reorder, rename or remove: add at the end)', () => {
    expect(PAYROLL_LAYOUT_VERSION).toBe(2);
    expect(PAYROLL_FIXED_COLUMNS.map((c) => c.id)).toEqual([
      'month',
      'employee_id',
      'national_id',
      'social_security_number',
      'employee_name',
      'company',
      'department',
      'working_day_type',
      'part_time_percent',
      'worked_days',
      'open_days',
      'expected_hours',
      'worked_hours',
      'ordinary_hours',
      'overtime_hours',
      'overtime_paid_hours',
      'overtime_compensated_hours',
      'overtime_unmarked_hours',
      'night_hours',
      'holiday_worked_days',
      'holiday_worked_hours',
      'leave_days',
      'leave_hours',
      'unjustified_absence_days',
      'unjustified_absence_hours',
      'auto_break_deducted_hours',
      // Layout 2 (issue 33.7).
      'layout_version',
      'company_tax_id',
      'contribution_account_code',
      'professional_category',
      'contract_type',
      'rest_day_worked_days',
      'rest_day_worked_hours',
      'holiday_night_hours',
      'late_days',
      'late_minutes',
      'early_departure_days',
      'early_departure_minutes',
      'unjustified_absence_dates',
      'overtime_marks',
      'overtime_marks_not_accepted',
      'month_approved',
      'month_approved_on',
      // Issue 33 point 5: a part-time worker's complementary hours.
      'complementary_hours',
      // Issue 36.3: days on site and remote.
      'on_site_days',
      'remote_days',
      // Issue 38.1: time apart.
      'waiting_hours',
      'on_call_hours',
      'called_in_hours',
      'disconnection_interruptions',
      'interruption_work_hours',
      // Issue 38 (decision 081): force majeure overtime and the complementary hours by category.
      'overtime_force_majeure_hours',
      'complementary_agreed_hours',
      'complementary_voluntary_hours',
      'complementary_exceeding_hours',
      'complementary_not_allowed_hours',
    ]);
  });

  const figures = (over: Partial<PayrollMonth>) => ({ absences: [], overtimeMarks: [], unjustifiedDates: [], lateSeconds: 0, earlyDepartureSeconds: 0, ...over }) as PayrollMonth;
  const row = (over: Partial<PayrollRow> = {}): PayrollRow =>
    ({
      month: '2026-02',
      employee: {
        id: 1,
        name: 'X',
        nationalId: '1',
        socialSecurityNumber: null,
        companyName: 'C',
        companyTaxId: null,
        contributionAccountCode: null,
        departmentName: 'D',
        workingDayType: 'full-time',
        partTimePercent: null,
        professionalCategory: null,
        contractType: null,
      },
      figures: figures({}),
      approval: { approved: false, approvedOn: null },
      leaveBalances: {},
      workModes: { onSiteDays: 0, remoteDays: 0 },
      ...over,
    }) as PayrollRow;
  const es_ = translator('es');
  const en_ = translator('en');

  it('adds five columns per leave type in id order, taken or not', () => {
    const columns = payrollColumns([
      { id: 9, name: 'B' },
      { id: 2, name: 'A' },
    ]);
    expect(columns.slice(PAYROLL_FIXED_COLUMNS.length).map((c) => c.id)).toEqual([
      'leave_2_days',
      'leave_2_hours',
      'leave_2_calendar_days',
      'leave_2_dates',
      'leave_2_balance_days',
      'leave_9_days',
      'leave_9_hours',
      'leave_9_calendar_days',
      'leave_9_dates',
      'leave_9_balance_days',
    ]);
    const r = row({
      figures: figures({ absences: [{ leaveTypeId: 9, days: 2, seconds: 15 * H, calendarDays: 4, dates: [{ from: '2026-02-05', to: '2026-02-08' }] }] }),
      leaveBalances: { 9: 12.5, 2: null },
    });
    const cells = (locale: (typeof CSV_LOCALES)['es' | 'en'], t: typeof es_) => columns.slice(PAYROLL_FIXED_COLUMNS.length).map((c) => csvCell(c, r, locale, t));
    expect(cells(CSV_LOCALES.en, en_)).toEqual(['0', '0.00', '0', '', '', '2', '15.00', '4', '2026-02-05/2026-02-08', '12.50']);
    expect(cells(CSV_LOCALES.es, es_)).toEqual(['0', '0,00', '0', '', '', '2', '15,00', '4', '2026-02-05/2026-02-08', '12,50']);
    expect(
      csvCell(
        columns.find((c) => c.id === 'part_time_percent')!,
        r,
        CSV_LOCALES.es,
        es_,
      ),
    ).toBe('');
  });

  it('counts the days on site and remote (issue 36.3)', () => {
    const columns = payrollColumns([]);
    const r = row({ workModes: { onSiteDays: 17, remoteDays: 4 } });
    expect(columns.find((c) => c.id === 'on_site_days')!.value(r)).toBe(17);
    expect(columns.find((c) => c.id === 'remote_days')!.value(r)).toBe(4);
    expect(
      csvCell(
        columns.find((c) => c.id === 'remote_days')!,
        r,
        CSV_LOCALES.es,
        es_,
      ),
    ).toBe('4');
  });

  it('writes Spanish values in the Spanish file and codes in the API', () => {
    const columns = payrollColumns([]);
    const col = (id: string) => columns.find((c) => c.id === id)!;
    const r = row({
      approval: { approved: true, approvedOn: '2026-03-02' },
      figures: figures({
        lateSeconds: 629, // 10.48 min
        overtimeMarks: [
          { date: '2026-02-10', compensation: 'paid', acceptance: 'accepted' },
          { date: '2026-02-11', compensation: 'rest', acceptance: 'rejected' },
          { date: '2026-02-12', compensation: 'rest', acceptance: null },
        ],
        unjustifiedDates: [
          { from: '2026-02-02', to: '2026-02-03' },
          { from: '2026-02-20', to: '2026-02-20' },
        ],
      }),
    });
    expect(csvCell(col('working_day_type'), r, CSV_LOCALES.es, es_)).toBe('Jornada completa');
    expect(csvCell(col('working_day_type'), r, CSV_LOCALES.en, en_)).toBe('Full time');
    expect(col('working_day_type').value(r)).toBe('full-time');
    expect(csvCell(col('month_approved'), r, CSV_LOCALES.es, es_)).toBe('sí');
    expect(col('month_approved').value(r)).toBe('yes');
    expect(csvCell(col('month_approved_on'), r, CSV_LOCALES.es, es_)).toBe('2026-03-02');
    expect(csvCell(col('late_minutes'), r, CSV_LOCALES.es, es_)).toBe('10');
    expect(csvCell(col('overtime_marks'), r, CSV_LOCALES.es, es_)).toBe('2026-02-10 retribuidas: aceptada; 2026-02-11 compensadas con descanso: rechazada; 2026-02-12 compensadas con descanso: no requiere respuesta');
    expect(col('overtime_marks').value(r)).toBe('2026-02-10 paid accepted; 2026-02-11 rest rejected; 2026-02-12 rest none');
    expect(col('overtime_marks_not_accepted').value(r)).toBe(1);
    expect(col('unjustified_absence_dates').value(r)).toBe('2026-02-02/2026-02-03, 2026-02-20');
    expect(col('layout_version').value(r)).toBe(2);
  });

  it('escapes text cells that a spreadsheet would run as a formula', () => {
    const columns = payrollColumns([]);
    const name = columns.find((c) => c.id === 'employee_name')!;
    for (const [text, written] of [
      ['=HYPERLINK("x")', `'=HYPERLINK("x")`],
      ['+34 600', "'+34 600"],
      ['-2', "'-2"],
      ['@SUM(A1)', "'@SUM(A1)"],
      ['\tx', "'\tx"],
      ['\rx', "'\rx"],
      ['Ana', 'Ana'],
    ]) {
      const r = row();
      r.employee = { ...r.employee, name: text! };
      expect(csvCell(name, r, CSV_LOCALES.es, es_)).toBe(written);
    }
  });

  it('writes hours and days with two decimals, rounded half up, with a dot or a comma', () => {
    expect(hoursText(27000)).toBe('7.50');
    expect(hoursText(27000, ',')).toBe('7,50');
    expect(hoursText(0)).toBe('0.00');
    expect(hoursText(1230)).toBe('0.34'); // 0.341666…
    expect(hoursText(18)).toBe('0.01'); // exactly 0.005
    expect(hoursText(17)).toBe('0.00');
    expect(hoursText(100 * H + 59)).toBe('100.02');
    expect(daysText(22)).toBe('22.00');
    expect(daysText(-1.5, ',')).toBe('-1,50');
    expect(CSV_LOCALES).toEqual({ es: { delimiter: ';', decimal: ',' }, en: { delimiter: ',', decimal: '.' } });
  });

  it('has every header and value in both languages', () => {
    const keys = new Set(payrollColumns([{ id: 1, name: 'A' }]).map((c) => c.labelKey.replace('payroll.columns.', '')));
    for (const messages of [es, en]) for (const k of keys) expect((messages as { payroll: { columns: Record<string, string> } }).payroll.columns[k], k).toBeTruthy();
    expect(Object.keys(es.payroll.values).sort()).toEqual(Object.keys(en.payroll.values).sort());
  });
});

describe('payroll query', () => {
  const parse = (q: string) => parsePayrollQuery(new URLSearchParams(q), '2027-04');
  it('defaults to the current month, xlsx and translated headers', () => {
    expect(parse('')).toEqual({ ok: true, query: { month: '2027-04', departmentId: undefined, employee: undefined, format: 'xlsx', headers: 'labels' } });
    expect(parse('month=2027-03&departmentId=4&employee=9&format=csv&headers=ids')).toEqual({ ok: true, query: { month: '2027-03', departmentId: 4, employee: 9, format: 'csv', headers: 'ids' } });
  });
  it('names every malformed field instead of guessing', () => {
    expect(parse('month=2027-13&departmentId=-1&employee=x&format=pdf')).toEqual({
      ok: false,
      errors: { month: 'reports.invalidMonth', departmentId: 'payroll.invalidDepartment', employee: 'validation.invalidNumber', format: 'payroll.invalidFormat' },
    });
  });
});
