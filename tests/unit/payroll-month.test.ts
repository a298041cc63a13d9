import { describe, expect, it } from 'vitest';
import { createDayCalendar } from '../../src/domain/reports/day-calendar.ts';
import { buildMonthlyRecord, type OvertimeCompensation, type RecordAttendance } from '../../src/domain/reports/monthly-record.ts';
import type { ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';
import { DEFAULT_BREAK_RULES, type BreakRules } from '../../src/domain/worktime/break-rules.ts';
import { nightSeconds } from '../../src/domain/payroll/night-seconds.ts';
import { payrollMonth, type PayrollLeave } from '../../src/domain/payroll/payroll-month.ts';
import { parsePayrollQuery } from '../../src/domain/payroll/payroll-query.ts';
import { csvCell, hoursText, PAYROLL_FIXED_COLUMNS, payrollColumns, type PayrollRow } from '../../src/domain/payroll/payroll-columns.ts';
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
  });
  return payrollMonth({ days: record.days, schedules: input.schedules, calendar, leaves: input.leaves ?? [], breaksPaid: (input.breakRules ?? DEFAULT_BREAK_RULES).breaksPaid });
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
      leaveDays: 1,
      leaveSeconds: 4 * H,
      absences: [{ leaveTypeId: 7, days: 1, seconds: 4 * H }],
      unjustifiedDays: 1,
      unjustifiedSeconds: 4 * H,
      autoBreakDeductedSeconds: 0,
    });
  });

  it('a holiday on a rest day is neither absence nor leave; worked, it is holiday work and overtime', () => {
    // 15 August 2026 is a Saturday (rest day of a Monday-Friday schedule).
    const office = schedule({});
    const base = { from: '2026-08-14', to: '2026-08-17', today: '2026-08-18', schedules: [office], holidays: { '2026-08-15': 'Asunción' } };
    const fri = attendance('2026-08-14', '2026-08-14T07:00:00Z', '2026-08-14T15:00:00Z'); // 09:00-17:00 CEST
    const mon = attendance('2026-08-17', '2026-08-17T07:00:00Z', '2026-08-17T15:00:00Z');
    expect(payroll({ ...base, attendances: [fri, mon] })).toMatchObject({ workedDays: 2, expectedSeconds: 16 * H, ordinarySeconds: 16 * H, unjustifiedDays: 0, leaveDays: 0, holidayWorkedDays: 0, holidayWorkedSeconds: 0, overtimeSeconds: 0 });
    // Worked 10:00-14:00 on the holiday, marked paid: 4 h of holiday work, all of it paid overtime.
    const sat = attendance('2026-08-15', '2026-08-15T08:00:00Z', '2026-08-15T12:00:00Z', [], 'paid');
    expect(payroll({ ...base, attendances: [fri, sat, mon] })).toMatchObject({
      workedDays: 3,
      expectedSeconds: 16 * H,
      countedSeconds: 20 * H,
      ordinarySeconds: 16 * H,
      holidayWorkedDays: 1,
      holidayWorkedSeconds: 4 * H,
      overtimeSeconds: 4 * H,
      overtimePaidSeconds: 4 * H,
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
    expect(figures).toMatchObject({ leaveDays: 2, leaveSeconds: 16 * H, absences: [{ leaveTypeId: 3, days: 2, seconds: 16 * H }], openDays: 1, workedDays: 0, countedSeconds: 0, unjustifiedDays: 0 });
  });
});

describe('payroll column layout (docs/payroll-export.md)', () => {
  it('keeps its fixed column ids in their order (never reorder, rename or remove: add at the end)', () => {
    expect(PAYROLL_FIXED_COLUMNS.map((c) => c.id)).toEqual([
      'month', 'employee_id', 'national_id', 'social_security_number', 'employee_name', 'company', 'department', 'working_day_type', 'part_time_percent',
      'worked_days', 'open_days', 'expected_hours', 'worked_hours', 'ordinary_hours', 'overtime_hours', 'overtime_paid_hours', 'overtime_compensated_hours',
      'overtime_unmarked_hours', 'night_hours', 'holiday_worked_days', 'holiday_worked_hours', 'leave_days', 'leave_hours', 'unjustified_absence_days',
      'unjustified_absence_hours', 'auto_break_deducted_hours',
    ]);
  });

  it('adds two columns per leave type in id order, taken or not', () => {
    const columns = payrollColumns([{ id: 9, name: 'B' }, { id: 2, name: 'A' }]);
    expect(columns.slice(PAYROLL_FIXED_COLUMNS.length).map((c) => c.id)).toEqual(['leave_2_days', 'leave_2_hours', 'leave_9_days', 'leave_9_hours']);
    const row = { month: '2026-02', employee: { id: 1, name: 'X', nationalId: '1', socialSecurityNumber: null, companyName: 'C', departmentName: 'D', workingDayType: 'full-time' }, figures: { absences: [{ leaveTypeId: 9, days: 2, seconds: 15 * H }] } } as unknown as PayrollRow;
    expect(columns.slice(PAYROLL_FIXED_COLUMNS.length).map((c) => csvCell(c, row))).toEqual(['0', '0.00', '2', '15.00']);
    expect(csvCell(columns.find((c) => c.id === 'part_time_percent')!, row)).toBe('');
  });

  it('writes hours with two decimals, rounded half up', () => {
    expect(hoursText(27000)).toBe('7.50');
    expect(hoursText(0)).toBe('0.00');
    expect(hoursText(1230)).toBe('0.34'); // 0.341666…
    expect(hoursText(18)).toBe('0.01'); // exactly 0.005
    expect(hoursText(17)).toBe('0.00');
    expect(hoursText(100 * H + 59)).toBe('100.02');
  });

  it('has every header in both languages', () => {
    const keys = new Set(payrollColumns([{ id: 1, name: 'A' }]).map((c) => c.labelKey.replace('payroll.columns.', '')));
    for (const messages of [es, en]) for (const k of keys) expect((messages as { payroll: { columns: Record<string, string> } }).payroll.columns[k], k).toBeTruthy();
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
