import { describe, expect, it } from 'vitest';
import { breakRulesOn, countedSeconds, DEFAULT_BREAK_RULES, DEFAULT_FIGURE_RULES } from '../../src/domain/worktime/break-rules.ts';
import { dayFigures } from '../../src/domain/worktime/day-figures.ts';
import { buildMonthlyRecord } from '../../src/domain/reports/monthly-record.ts';
import { createDayCalendar } from '../../src/domain/reports/day-calendar.ts';
import type { ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';

const H = 3600;
const M = 60;

describe('what counts as work under the break rules (decision 050)', () => {
  it('by default counts the worked seconds as recorded (breaks unpaid, no deduction)', () => {
    expect(countedSeconds({ workedSeconds: 8 * H, breakSeconds: 30 * M }, DEFAULT_BREAK_RULES)).toEqual({ counted: 8 * H, deducted: 0 });
    expect(countedSeconds({ workedSeconds: null, breakSeconds: 0 }, DEFAULT_BREAK_RULES)).toEqual({ counted: null, deducted: 0 });
  });

  it('adds punched breaks back when breaks are paid, and then never deducts', () => {
    const paid = { breaksPaid: true, autoBreakAfterMinutes: 360, autoBreakMinutes: 30 };
    expect(countedSeconds({ workedSeconds: 7 * H + 45 * M, breakSeconds: 15 * M }, paid)).toEqual({ counted: 8 * H, deducted: 0 });
    expect(countedSeconds({ workedSeconds: 9 * H, breakSeconds: 0 }, paid)).toEqual({ counted: 9 * H, deducted: 0 });
  });

  it('deducts the automatic break only when no break was punched and the day exceeds the threshold', () => {
    const auto = { breaksPaid: false, autoBreakAfterMinutes: 360, autoBreakMinutes: 30 };
    // 9 h with no break: 30 min off.
    expect(countedSeconds({ workedSeconds: 9 * H, breakSeconds: 0 }, auto)).toEqual({ counted: 8 * H + 30 * M, deducted: 30 * M });
    // A punched break, however short, stands: no deduction.
    expect(countedSeconds({ workedSeconds: 9 * H, breakSeconds: 5 * M }, auto)).toEqual({ counted: 9 * H, deducted: 0 });
    // Exactly at the threshold: nothing; 10 min beyond it: only 10 min, never below 6 h.
    expect(countedSeconds({ workedSeconds: 6 * H, breakSeconds: 0 }, auto)).toEqual({ counted: 6 * H, deducted: 0 });
    expect(countedSeconds({ workedSeconds: 6 * H + 10 * M, breakSeconds: 0 }, auto)).toEqual({ counted: 6 * H, deducted: 10 * M });
    // Off (threshold 0).
    expect(countedSeconds({ workedSeconds: 12 * H, breakSeconds: 0 }, { ...auto, autoBreakAfterMinutes: 0 })).toEqual({ counted: 12 * H, deducted: 0 });
  });

  it('makes the monthly record count overtime on the counted seconds', () => {
    const calendar = createDayCalendar('Europe/Madrid');
    const schedules: ScheduleRule[] = [{ id: 1, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2026-01-01', toDate: null, status: 'current' }];
    // Monday 2 March 2026, Madrid is UTC+1: 08:00Z-17:30Z = 9 h 30 min, no break punched.
    const attendance = {
      date: '2026-03-02',
      timeIn: '2026-03-02T08:00:00.000Z',
      timeOut: '2026-03-02T17:30:00.000Z',
      workedSeconds: 9 * H + 30 * M,
      breakSeconds: 0,
      statusIn: 'on_time' as const,
      lateSeconds: 0,
      earlyDepartureSeconds: 0,
      timezone: 'Europe/Madrid',
      breaks: [],
      revision: 1,
      reason: null,
      source: 'clock' as const,
    };
    const input = { period: { from: '2026-03-02', to: '2026-03-02' }, today: '2026-03-10', calendar, schedules, leaveByDate: new Map(), attendances: [attendance] };
    const plain = buildMonthlyRecord(input).days[0];
    expect(plain).toMatchObject({ workedSeconds: 9 * H + 30 * M, countedSeconds: 9 * H + 30 * M, deductedSeconds: 0, overtimeSeconds: 90 * M });
    const deducted = buildMonthlyRecord({ ...input, breakRules: { breaksPaid: false, autoBreakAfterMinutes: 360, autoBreakMinutes: 30 } });
    expect(deducted.days[0]).toMatchObject({ workedSeconds: 9 * H + 30 * M, countedSeconds: 9 * H, deductedSeconds: 30 * M, overtimeSeconds: H });
    expect(deducted.totals).toMatchObject({ workedSeconds: 9 * H + 30 * M, countedSeconds: 9 * H, overtimeSeconds: H });
  });
});

describe('breakRulesOn: the rules in force on a date (effective-dated, decision 050)', () => {
  const unpaid = { breaksPaid: false, autoBreakAfterMinutes: 0, autoBreakMinutes: 30, maxOrdinaryDailyHours: 9, graceMinutes: 5 };
  const paid = { ...unpaid, breaksPaid: true };
  const auto = { ...unpaid, autoBreakAfterMinutes: 360 };
  const change = (id: number, effectiveFrom: string, rules: typeof unpaid) => ({ id, effectiveFrom, rules, createdAt: '2026-03-01T00:00:00Z', authorId: 1 });
  const history = [change(1, '0000-01-01', unpaid), change(3, '2026-03-16', auto), change(2, '2026-03-16', paid), change(4, '2026-04-01', unpaid)];

  it('picks per day across a change in mid-month, the later written on a tie', () => {
    expect(breakRulesOn(history, '2026-03-15')).toEqual(unpaid);
    expect(breakRulesOn(history, '2026-03-16')).toEqual(auto);
    expect(breakRulesOn(history, '2026-03-31')).toEqual(auto);
    expect(breakRulesOn(history, '2026-04-01')).toEqual(unpaid);
  });

  it('the defaults before any change', () => {
    expect(breakRulesOn([], '2026-03-15')).toEqual(DEFAULT_FIGURE_RULES);
    expect(DEFAULT_FIGURE_RULES).toMatchObject(DEFAULT_BREAK_RULES);
  });

  it('dayFigures takes the rules of its own date', () => {
    const day = (date: string) =>
      dayFigures({
        date,
        today: '2026-12-31',
        plan: { state: 1, scheduledSeconds: 8 * 3600 },
        attendance: { timeOut: 'x', workedSeconds: 8 * 3600, breakSeconds: 3600, lateSeconds: 0, earlyDepartureSeconds: 0, workFlag: null },
        onLeave: false,
        breakRules: (d) => breakRulesOn(history, d),
      });
    expect(day('2026-03-13').overtimeSeconds).toBe(0);
    expect(day('2026-03-20').overtimeSeconds).toBe(0);
    const paidOnly = [change(1, '0000-01-01', unpaid), change(2, '2026-03-16', paid)];
    const paidDay = (date: string) =>
      dayFigures({
        date,
        today: '2026-12-31',
        plan: { state: 1, scheduledSeconds: 8 * 3600 },
        attendance: { timeOut: 'x', workedSeconds: 8 * 3600, breakSeconds: 3600, lateSeconds: 0, earlyDepartureSeconds: 0, workFlag: null },
        onLeave: false,
        breakRules: (d) => breakRulesOn(paidOnly, d),
      });
    expect(paidDay('2026-03-13').overtimeSeconds).toBe(0);
    expect(paidDay('2026-03-16').overtimeSeconds).toBe(3600);
  });
});
