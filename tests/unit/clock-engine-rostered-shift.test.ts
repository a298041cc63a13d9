import { describe, expect, it } from 'vitest';
import { decidePunch, type PunchDecision } from '../../src/domain/clock/clock-engine.ts';
import { plannedDayRule } from '../../src/domain/roster/planned-day.ts';
import type { ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';

/**
 * A published roster shift drives the clock (issue 39, decision 085): on a day whose pattern is
 * 09:00–17:00 but whose published shift is 14:00–22:00, a check-in at 13:55 belongs to the shift
 * and is on time, one at 14:20 is late (grace 5 minutes); the pattern's start no longer counts.
 */
const MADRID = 'Europe/Madrid';
// 2026-12-09 is a Wednesday.
const DAY = '2026-12-09';
const pattern: ScheduleRule = { id: 1, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2026-01-01', toDate: null, status: 'current' };
const published = plannedDayRule({ id: 7, employeeId: 3, date: DAY, kind: 'shift', startTime: '14:00', endTime: '22:00', breakMinutes: 30, publishedAt: '2026-12-01T10:00:00.000Z' });

const checkIn = (time: string, schedules: ScheduleRule[]): PunchDecision =>
  decidePunch({
    action: 'check-in',
    now: localDateTimeToUtcIso(DAY, time, MADRID),
    timeZone: MADRID,
    schedules,
    attendanceToday: null,
    attendanceYesterday: null,
    attendanceTomorrow: null,
    previousOpen: null,
    approvedLeaveDates: [],
    graceMinutes: 5,
    breaksPerDay: 1,
    timeFormat: '1',
    lang: 'en',
  });

const change = (d: PunchDecision) => {
  if (!d.ok) throw new Error(`refused: ${d.code}`);
  return d.change as { date: string; statusIn: string | null; lateSeconds: number };
};

describe('a published shift at the clock', () => {
  it('takes a check-in at 13:55 as on time for the 14:00 shift', () => {
    expect(change(checkIn('13:55', [pattern, published]))).toMatchObject({ date: DAY, statusIn: 'on_time', lateSeconds: 0 });
  });

  it('takes a check-in at 14:20 as late', () => {
    const c = change(checkIn('14:20', [pattern, published]));
    expect(c).toMatchObject({ date: DAY, statusIn: 'late' });
    expect(c.lateSeconds).toBe(20 * 60);
  });

  it('is not on time by the pattern alone: the 13:55 check-in is on time only because of the published shift', () => {
    const d = checkIn('13:55', [pattern]);
    expect(d.ok && (d.change as { statusIn: string | null }).statusIn === 'on_time').toBe(false);
  });
});
