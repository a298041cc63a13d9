import { describe, expect, it } from 'vitest';
import { activeScheduleOn, crossesMidnight, isRestDay, scheduledMinutes, type ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';

const s = (id: number, fromDate: string, toDate: string | null, extra: Partial<ScheduleRule> = {}): ScheduleRule => ({
  id,
  startTime: '09:00',
  offTime: '17:00',
  totalHours: 8,
  restDays: ['Saturday', 'Sunday'],
  fromDate,
  toDate,
  status: 'current',
  ...extra,
});

describe('schedule rules', () => {
  it('finds the schedule in force on a date', () => {
    const list = [s(1, '2026-01-01', '2026-06-30'), s(2, '2026-07-01', null), s(3, '2026-09-01', '2026-09-30')];
    expect(activeScheduleOn(list, '2025-12-31')).toBeUndefined();
    expect(activeScheduleOn(list, '2026-06-30')?.id).toBe(1);
    expect(activeScheduleOn(list, '2026-07-01')?.id).toBe(2);
    expect(activeScheduleOn(list, '2026-09-15')?.id).toBe(3);
    expect(activeScheduleOn(list, '2026-10-01')?.id).toBe(2);
    expect(activeScheduleOn([s(4, '2026-01-01', null), s(5, '2026-01-01', null)], '2026-02-01')?.id).toBe(5);
  });

  it('knows rest days, night shifts and scheduled minutes', () => {
    expect(isRestDay(s(1, '2026-01-01', null), '2026-11-21')).toBe(true); // Saturday
    expect(isRestDay(s(1, '2026-01-01', null), '2026-11-23')).toBe(false);
    expect(crossesMidnight({ startTime: '22:00', offTime: '06:00' })).toBe(true);
    expect(crossesMidnight({ startTime: '09:00', offTime: '17:00' })).toBe(false);
    expect(scheduledMinutes({ startTime: '22:00', offTime: '06:00' })).toBe(480);
    expect(scheduledMinutes({ startTime: '08:30', offTime: '14:45' })).toBe(375);
  });
});
