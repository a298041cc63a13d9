import { describe, expect, it } from 'vitest';
import { computeAttendanceMetrics } from '../../src/domain/attendance/attendance-metrics.ts';
import { shiftInstants } from '../../src/domain/attendance/shift-times.ts';
import { createDayCalendar } from '../../src/domain/reports/day-calendar.ts';
import { buildMonthlyRecord, type RecordAttendance } from '../../src/domain/reports/monthly-record.ts';
import { monthPeriod } from '../../src/domain/reports/periods.ts';
import { recordNoteText } from '../../src/domain/reports/record-notes.ts';
import type { ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';
import { warningBadgeText, warningText } from '../../src/domain/worktime/work-time-warning-text.ts';
import { employeeDayKey, warningsByEmployeeDay, withWorkTimeWarnings, type EmployeeWarnDay } from '../../src/domain/worktime/work-time-warnings-by-day.ts';
import type { WarningLimits } from '../../src/domain/worktime/work-time-warnings.ts';
import { translate } from '../../src/i18n/translate.ts';

// Decision 050: where the work-time warnings land (record days, list rows, dashboard) and how they read.
const MADRID = 'Europe/Madrid';
const H = 3600;
const M = 60;
const LIMITS: WarningLimits = { breakAfterSeconds: 6 * H, minBreakSeconds: 15 * M, minRestSeconds: 12 * H, maxOrdinarySeconds: 9 * H };
const schedule: ScheduleRule = { id: 1, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2026-01-01', toDate: null, status: 'current' };

function day(date: string, timeIn: string, timeOut: string | null, breakIn: string | null = null, breakOut: string | null = null): RecordAttendance {
  const shift = shiftInstants(date, { timeIn, timeOut, breakIn, breakOut }, MADRID);
  const m = computeAttendanceMetrics({ date, timeZone: MADRID, graceMinutes: 5, schedule, shift });
  return { date, timeIn: shift.timeIn, timeOut: shift.timeOut, breaks: shift.breaks, timezone: MADRID, revision: 1, reason: null, source: 'clock', ...m };
}
const en = (key: string, p?: Record<string, unknown>) => translate('en', key, p);
const es = (key: string, p?: Record<string, unknown>) => translate('es', key, p);

describe('work-time warnings on the monthly record (withWorkTimeWarnings)', () => {
  const cal = createDayCalendar(MADRID);
  const days = [
    day('2026-11-02', '08:00', '17:00', '13:00', '13:30'), // 8 h 30 worked, a 30 min break: nothing
    day('2026-11-03', '06:00', '16:30'), // 13 h rest since 17:00; 10 h 30 without a break: no break (8 h ordinary, 2 h 30 overtime: not a long day, issue 33)
    day('2026-11-04', '09:00', '23:00', '13:00', '13:10'), // 13 h 50 with a 10 min break: short break (8 h ordinary)
    day('2026-11-05', '08:00', '12:00'), // 9 h rest since 23:00: short rest
    day('2026-11-06', '09:00', null), // open: not judged
  ];
  const built = buildMonthlyRecord({ period: monthPeriod('2026-11'), today: '2026-11-06', calendar: cal, schedules: [schedule], leaveByDate: new Map(), attendances: days });
  const record = withWorkTimeWarnings(built, LIMITS);
  const on = (date: string) => record.days.find((d) => d.date === date)!;

  it('hand-computed cases: measured values and limits on the right day', () => {
    expect(days.map((d) => d.workedSeconds)).toEqual([8.5 * H, 10.5 * H, 13 * H + 50 * M, 4 * H, null]);
    expect(on('2026-11-02').warnings).toEqual([]);
    // The long-day limit judges ordinary hours (art. 34.3 ET): beyond the 8 h schedule is overtime.
    expect(on('2026-11-03').warnings).toEqual([{ date: '2026-11-03', kind: 'shortBreak', seconds: 0, limitSeconds: 15 * M }]);
    expect(on('2026-11-04').warnings).toEqual([{ date: '2026-11-04', kind: 'shortBreak', seconds: 10 * M, limitSeconds: 15 * M }]);
    // The short rest goes on the later day, measured from 23:00 to 08:00.
    expect(on('2026-11-05').warnings).toEqual([{ date: '2026-11-05', kind: 'shortRest', seconds: 9 * H, limitSeconds: 12 * H }]);
    expect(on('2026-11-06').warnings).toEqual([]);
    expect(record.days.filter((d) => d.timeIn === null).every((d) => d.warnings?.length === 0)).toBe(true);
    // The record itself is unchanged otherwise.
    expect(record.totals).toEqual(built.totals);
  });

  it('measures the first day rest from the day before the month', () => {
    const first = buildMonthlyRecord({
      period: { from: '2026-11-02', to: '2026-11-02' },
      today: '2026-11-06',
      calendar: cal,
      schedules: [schedule],
      leaveByDate: new Map(),
      attendances: [day('2026-11-02', '08:00', '12:00')],
    });
    const previous = day('2026-11-01', '14:00', '22:30');
    expect(withWorkTimeWarnings(first, LIMITS, previous).days[0]!.warnings).toEqual([{ date: '2026-11-02', kind: 'shortRest', seconds: 9.5 * H, limitSeconds: 12 * H }]);
    expect(withWorkTimeWarnings(first, LIMITS).days[0]!.warnings).toEqual([]);
  });

  it('writes the warnings in the notes with the measured value (es and en)', () => {
    const now = '2026-11-06T12:00:00Z';
    const rest = recordNoteText(on('2026-11-05'), now, en);
    expect(rest).toBe('Rest of 9 h 00 min since the end of the previous day: at least 12 h 00 min are due (art. 34.3 ET)');
    expect(recordNoteText(on('2026-11-05'), now, es)).toBe('Descanso de 9 h 00 min desde el final de la jornada anterior: se deben al menos 12 h 00 min (art. 34.3 ET)');
    const third = recordNoteText(on('2026-11-03'), now, en);
    expect(third).toContain('No break on a day this long: it needs one of at least 0 h 15 min (art. 34.4 ET)');
    expect(third).not.toContain('of ordinary work');
    expect(recordNoteText(on('2026-11-04'), now, en)).toContain('Longest break 0 h 10 min');
  });

  it('notes a break deducted automatically and paid breaks counted', () => {
    const now = '2026-11-06T12:00:00Z';
    const deducted = { ...on('2026-11-03'), warnings: [], countedSeconds: 10 * H, deductedSeconds: 30 * M };
    expect(recordNoteText(deducted, now, en)).toBe('Break of 0 h 30 min deducted automatically (none punched): counts 10 h 00 min');
    expect(recordNoteText(deducted, now, es)).toBe('Pausa de 0 h 30 min descontada automáticamente (no se fichó): computa 10 h 00 min');
    const paid = { ...on('2026-11-02'), countedSeconds: 9 * H, deductedSeconds: 0 };
    expect(recordNoteText(paid, now, en)).toBe('Paid breaks: counts 9 h 00 min');
    expect(recordNoteText({ ...on('2026-11-02'), countedSeconds: 8.5 * H, deductedSeconds: 0 }, now, en)).toBe('');
  });
});

describe('work-time warnings of list rows (warningsByEmployeeDay)', () => {
  const warn = (employeeId: number, date: string, timeIn: string, timeOut: string, worked: number, breaks: EmployeeWarnDay['breaks'] = []): EmployeeWarnDay => ({
    employeeId,
    date,
    timeIn,
    timeOut,
    workedSeconds: worked,
    breaks,
  });

  it('judges each employee on their own days, in date order whatever the input order', () => {
    const rows = [
      warn(2, '2026-11-03', '2026-11-03T05:00:00Z', '2026-11-03T09:00:00Z', 4 * H), // 7 h after employee 1's day: not theirs
      warn(1, '2026-11-03', '2026-11-03T06:00:00Z', '2026-11-03T10:00:00Z', 4 * H), // 8 h after their own 22:00
      warn(1, '2026-11-02', '2026-11-02T14:00:00Z', '2026-11-02T22:00:00Z', 8 * H, [{ startAt: '2026-11-02T18:00:00Z', endAt: '2026-11-02T18:20:00Z' }]),
    ];
    const byDay = warningsByEmployeeDay(rows, LIMITS);
    expect(byDay.get(employeeDayKey(1, '2026-11-03'))).toEqual([{ date: '2026-11-03', kind: 'shortRest', seconds: 8 * H, limitSeconds: 12 * H }]);
    expect(byDay.has(employeeDayKey(1, '2026-11-02'))).toBe(false);
    expect(byDay.has(employeeDayKey(2, '2026-11-03'))).toBe(false);
    expect(warningsByEmployeeDay([], LIMITS).size).toBe(0);
  });

  it('switches the daily limit off at 0 (agreed otherwise)', () => {
    const long = [warn(1, '2026-11-02', '2026-11-02T07:00:00Z', '2026-11-02T18:00:00Z', 10 * H, [{ startAt: '2026-11-02T12:00:00Z', endAt: '2026-11-02T13:00:00Z' }])];
    expect(
      warningsByEmployeeDay(long, LIMITS)
        .get(employeeDayKey(1, '2026-11-02'))
        ?.map((w) => w.kind),
    ).toEqual(['longDay']);
    expect(warningsByEmployeeDay(long, { ...LIMITS, maxOrdinarySeconds: 0 }).size).toBe(0);
  });

  it('reads as a short badge and a sentence', () => {
    const w = { date: '2026-11-04', kind: 'shortBreak' as const, seconds: 10 * M, limitSeconds: 15 * M };
    expect(warningBadgeText(w, 'en', en)).toBe('Short break · 0 h 10 min');
    expect(warningBadgeText(w, 'es', es)).toBe('Pausa corta · 0 h 10 min');
    expect(warningBadgeText({ ...w, seconds: 0 }, 'en', en)).toBe('No break');
    expect(warningBadgeText({ ...w, seconds: 0 }, 'es', es)).toBe('Sin pausa');
    expect(warningText(w, 'en', en)).toBe('Longest break 0 h 10 min: a day this long needs one of at least 0 h 15 min (art. 34.4 ET)');
    expect(warningBadgeText({ ...w, kind: 'longDay', seconds: 10 * H, limitSeconds: 9 * H }, 'en', en)).toBe('Long day · 10 h 00 min');
    expect(warningBadgeText({ ...w, kind: 'shortRest', seconds: 8 * H, limitSeconds: 12 * H }, 'es', es)).toBe('Descanso corto · 8 h 00 min');
  });
});
