import { describe, expect, it } from 'vitest';
import { approvalPeriodOf, chosenPeriod, isWholePeriod, periodContaining, shiftPeriod } from '../../src/domain/periods/approval-period.ts';
import { approvalRefusal, exceptionCount, periodExceptions, periodTotals } from '../../src/domain/periods/period-exceptions.ts';
import { lockedMessage, lockingPeriod } from '../../src/domain/periods/period-lock.ts';
import { PeriodApproveInput, PeriodReopenInput } from '../../src/domain/periods/period-schema.ts';
import type { MonthlyRecordDay } from '../../src/domain/reports/monthly-record.ts';
import { translate } from '../../src/i18n/translate.ts';
import * as v from 'valibot';
import { periodWarnings } from '../../src/domain/periods/period-warnings.ts';
import { warningLimitsOf } from '../../src/domain/worktime/worktime-settings.ts';

// Decision 051: the periods approved, the lock rule and the exceptions shown before approving.
describe('approval periods', () => {
  it('a month is the calendar month; a week is ISO (Monday to Sunday), also across a month and a year end', () => {
    expect(periodContaining('2026-02-14', 'month')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodContaining('2028-02-29', 'month')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    // 2026-03-01 is a Sunday: its week began on Monday 23 February.
    expect(periodContaining('2026-03-01', 'week')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(periodContaining('2026-03-02', 'week')).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    // 2026-01-01 is a Thursday: ISO week 1 of 2026, Monday 29 December 2025 to Sunday 4 January.
    expect(periodContaining('2026-01-01', 'week')).toEqual({ from: '2025-12-29', to: '2026-01-04' });
  });

  it('moves by whole periods and defaults to the last one that has ended', () => {
    expect(shiftPeriod('2026-01-15', 'month', -1)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(shiftPeriod('2026-03-04', 'week', 1)).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(chosenPeriod(null, '2026-03-04', 'month')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(chosenPeriod('nonsense', '2026-03-04', 'week')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(chosenPeriod('2026-02-30', '2026-03-04', 'month')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(chosenPeriod('2026-05-20', '2026-03-04', 'month')).toEqual({ from: '2026-05-01', to: '2026-05-31' });
    expect(isWholePeriod({ from: '2026-03-02', to: '2026-03-08' }, 'week')).toBe(true);
    expect(isWholePeriod({ from: '2026-03-02', to: '2026-03-31' }, 'month')).toBe(false);
  });

  it('reads the setting; anything but week is a month', () => {
    expect(approvalPeriodOf({ approvalPeriod: 'week' })).toBe('week');
    expect(approvalPeriodOf({ approvalPeriod: 'month' })).toBe('month');
    expect(approvalPeriodOf({})).toBe('month');
  });

  it('approves only a period that has ended', () => {
    expect(approvalRefusal({ from: '2026-02-01', to: '2026-02-28' }, '2026-03-01')).toBeNull();
    expect(approvalRefusal({ from: '2026-02-01', to: '2026-02-28' }, '2026-02-28')).toBe('periods.notEnded');
  });
});

describe('the lock', () => {
  const approvals = [
    { from: '2026-02-01', to: '2026-02-28', status: 'approved' as const },
    { from: '2026-01-01', to: '2026-01-31', status: 'reopened' as const },
  ];
  it('an approved period locks each of its dates, first and last included; a reopened one locks nothing', () => {
    expect(lockingPeriod(approvals, { from: '2026-02-01', to: '2026-02-01' })?.from).toBe('2026-02-01');
    expect(lockingPeriod(approvals, { from: '2026-02-28', to: '2026-02-28' })?.to).toBe('2026-02-28');
    expect(lockingPeriod(approvals, { from: '2026-03-01', to: '2026-03-01' })).toBeNull();
    expect(lockingPeriod(approvals, { from: '2026-01-15', to: '2026-01-15' })).toBeNull();
  });
  it('a span (a leave) that touches a locked date is locked', () => {
    expect(lockingPeriod(approvals, { from: '2026-01-20', to: '2026-02-02' })?.from).toBe('2026-02-01');
    expect(lockingPeriod(approvals, { from: '2026-03-01', to: '2026-03-10' })).toBeNull();
  });
  it('the refusal names the period in both languages', () => {
    const { code, params } = lockedMessage({ from: '2026-02-01', to: '2026-02-28' });
    expect(translate('es', code, params)).toBe('El periodo del 01/02/2026 al 28/02/2026 está aprobado y cerrado: no se puede cambiar hasta que un administrador lo reabra.');
    expect(translate('en', code, params)).toBe('The period from 01/02/2026 to 28/02/2026 is approved and locked: it cannot be changed until an administrator reopens it.');
  });
});

function day(date: string, change: Partial<MonthlyRecordDay> = {}): MonthlyRecordDay {
  return {
    date,
    weekday: 'Monday',
    kind: 'worked',
    timeIn: null,
    timeOut: null,
    timezone: 'Europe/Madrid',
    breaks: [],
    breakSeconds: 0,
    workedSeconds: null,
    expectedSeconds: 0,
    ordinarySeconds: 0,
    overtimeSeconds: 0,
    complementarySeconds: 0,
    leaveDay: false,
    nightWorker: false,
    lateSeconds: 0,
    earlyDepartureSeconds: 0,
    leaveType: null,
    holiday: null,
    corrected: false,
    source: null,
    reason: null,
    workFlag: null,
    voided: [],
    workMode: null,
    overtimeCompensation: null,
    workerAcceptance: null,
    terminals: [],
    countedSeconds: change.workedSeconds ?? null,
    deductedSeconds: 0,
    ...change,
  };
}

describe('exceptions of a period', () => {
  const period = { from: '2026-03-02', to: '2026-03-08' };
  const days = [
    day('2026-03-01', { kind: 'absent', expectedSeconds: 28800 }), // outside the week: not counted
    day('2026-03-02', { timeIn: '2026-03-02T08:10:00Z', timeOut: '2026-03-02T16:00:00Z', workedSeconds: 28200, expectedSeconds: 28800, lateSeconds: 600 }),
    day('2026-03-03', { timeIn: '2026-03-03T08:00:00Z', timeOut: '2026-03-03T15:30:00Z', workedSeconds: 27000, expectedSeconds: 28800, earlyDepartureSeconds: 1800 }),
    day('2026-03-04', { kind: 'absent', expectedSeconds: 28800 }),
    day('2026-03-05', { kind: 'open', timeIn: '2026-03-05T08:00:00Z' }), // forgotten check-out
    day('2026-03-06', { kind: 'leave', leaveType: 'Vacaciones' }),
    // A night shift started on the last evening, read 10 h later: still being worked, not an exception.
    day('2026-03-08', { kind: 'open', timeIn: '2026-03-08T21:00:00Z', expectedSeconds: 28800 }),
  ];
  it('counts missing check-outs (not the shift still being worked), lateness, early departures, absences, warnings and pending requests', () => {
    const e = periodExceptions({
      days,
      period,
      now: '2026-03-09T07:00:00Z',
      warnings: [
        { date: '2026-03-02', kind: 'shortBreak' },
        { date: '2026-03-01', kind: 'longDay' },
      ],
      pendingCorrections: 2,
    });
    expect(e).toEqual({
      missingCheckOut: ['2026-03-05'],
      closedAutomatically: [],
      late: { days: 1, seconds: 600 },
      early: { days: 1, seconds: 1800 },
      absences: ['2026-03-04'],
      warnings: { shortBreak: 1 },
      pendingCorrections: 2,
    });
    expect(exceptionCount(e)).toBe(1 + 1 + 1 + 1 + 1 + 2);
    // 17 h after the night shift's check-in it is forgotten too (more than 16 h open).
    expect(periodExceptions({ days, period, now: '2026-03-09T14:00:01Z' }).missingCheckOut).toEqual(['2026-03-05', '2026-03-08']);
  });
  it('counts a day the automatic clock-out closed as an exception to review (decision 056)', () => {
    const closed = [...days, day('2026-03-07', { timeIn: '2026-03-07T08:00:00Z', timeOut: '2026-03-07T16:00:00Z', workedSeconds: 28800, expectedSeconds: 28800, closedAutomatically: true })];
    const e = periodExceptions({ days: closed, period, now: '2026-03-09T07:00:00Z' });
    expect(e.closedAutomatically).toEqual(['2026-03-07']);
    expect(exceptionCount(e)).toBe(1 + 1 + 1 + 1 + 1);
  });
  it("totals only the period's days, with the record's own figures (seconds counted as work)", () => {
    expect(periodTotals(days, period)).toEqual({ workedSeconds: 28200 + 27000, expectedSeconds: 4 * 28800, overtimeSeconds: 0, leaveDays: 1, attendedDays: 4 });
    // A paid 30-minute break counts: 7 h 30 worked, 8 h counted.
    const paid = [day('2026-03-02', { timeIn: '2026-03-02T08:00:00Z', timeOut: '2026-03-02T16:00:00Z', workedSeconds: 27000, countedSeconds: 28800, expectedSeconds: 28800 })];
    expect(periodTotals(paid, period).workedSeconds).toBe(28800);
  });
  it("judges the work-time warnings on the period's closed days, the rest against the day before", () => {
    const long = [
      day('2026-03-02', { timeIn: '2026-03-02T08:00:00Z', timeOut: '2026-03-02T15:00:00Z', workedSeconds: 7 * 3600 }), // 7 h, no break
      // 10 h of ordinary work (no overtime): over the daily 9 h (art. 34.3 ET judges ordinary hours).
      day('2026-03-03', {
        timeIn: '2026-03-03T08:00:00Z',
        timeOut: '2026-03-03T18:30:00Z',
        breaks: [{ startAt: '2026-03-03T12:00:00Z', endAt: '2026-03-03T12:30:00Z' }],
        workedSeconds: 10 * 3600,
        ordinarySeconds: 10 * 3600,
      }),
    ];
    // The day before ended at 23:00: 9 h of rest until 08:00 on the 2nd.
    const previous = { date: '2026-03-01', timeIn: '2026-03-01T15:00:00Z', timeOut: '2026-03-01T23:00:00Z', breaks: [], workedSeconds: 8 * 3600 };
    const kinds = periodWarnings(long, warningLimitsOf({ maxOrdinaryDailyHours: 9 }), period, previous).map((w) => `${w.date} ${w.kind}`);
    expect(kinds.sort()).toEqual(['2026-03-02 shortBreak', '2026-03-02 shortRest', '2026-03-03 longDay']);
    expect(periodWarnings(long, warningLimitsOf({ maxOrdinaryDailyHours: 0 }), period).map((w) => w.kind)).toEqual(['shortBreak']);
  });
});

describe('inputs', () => {
  it('approve needs a real date and someone to approve', () => {
    expect(v.safeParse(PeriodApproveInput, { date: '2026-02-01', employees: [3, '4'] }).output).toMatchObject({ employees: [3, 4], department: null });
    expect(v.safeParse(PeriodApproveInput, { date: '2026-02-01', department: 2 }).success).toBe(true);
    expect(v.safeParse(PeriodApproveInput, { date: '2026-02-30', employees: [1] }).success).toBe(false);
    expect(v.safeParse(PeriodApproveInput, { date: '2026-02-01' }).success).toBe(false);
    expect(v.safeParse(PeriodApproveInput, { date: '2026-02-01', employees: [0] }).success).toBe(false);
  });
  it('reopen needs a written reason', () => {
    expect(v.safeParse(PeriodReopenInput, { date: '2026-02-01', employee: 1, reason: '  ' }).success).toBe(false);
    expect(v.safeParse(PeriodReopenInput, { date: '2026-02-01', employee: 1, reason: 'Missing punch found' }).success).toBe(true);
  });
});
