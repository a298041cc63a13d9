import { describe, expect, it } from 'vitest';
import { patternShiftOn } from '../../src/domain/roster/pattern-shift.ts';
import type { ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';

/** Fill from schedules (issue 39 point 2, decision 085): the pattern's shift on a date, break = span − total hours. */
describe('the shift a schedule pattern plans', () => {
  const pattern: ScheduleRule = { id: 1, startTime: '09:00', offTime: '17:30', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2026-01-01', toDate: null, status: 'current' };

  it('is the pattern with its break on a working day', () => {
    expect(patternShiftOn([pattern], '2026-12-07', false)).toEqual({ startTime: '09:00', endTime: '17:30', breakMinutes: 30 });
  });

  it('is none on a rest day, a holiday, or without a schedule', () => {
    expect(patternShiftOn([pattern], '2026-12-12', false)).toBeNull();
    expect(patternShiftOn([pattern], '2026-12-08', true)).toBeNull();
    expect(patternShiftOn([], '2026-12-07', false)).toBeNull();
  });

  it('ignores published roster days (they are what is being planned) and never has a negative break', () => {
    const rostered: ScheduleRule = { ...pattern, id: 1_000_000_001, startTime: '14:00', offTime: '22:00', restDays: [], fromDate: '2026-12-07', toDate: '2026-12-07', rostered: true };
    const long = { ...pattern, id: 2, offTime: '13:00', totalHours: 6 };
    expect(patternShiftOn([pattern, rostered], '2026-12-07', false)).toEqual({ startTime: '09:00', endTime: '17:30', breakMinutes: 30 });
    expect(patternShiftOn([long], '2026-12-07', false)).toEqual({ startTime: '09:00', endTime: '13:00', breakMinutes: 0 });
  });
});
