import { describe, expect, it } from 'vitest';
import { skippedTimeProblems } from '../../src/domain/attendance/shift-times.ts';
import { localTimeExists } from '../../src/domain/time/zoned-time.ts';
import { formatTimeOnRecord, offsetChangeOf, utcOffsetLabel } from '../../src/domain/format/record-time.ts';

describe('times a DST gap skips (issue 18.5)', () => {
  it('knows which wall-clock times never happen', () => {
    expect(localTimeExists('2026-03-29', '02:30', 'Europe/Madrid')).toBe(false);
    expect(localTimeExists('2026-03-29', '02:00', 'Europe/Madrid')).toBe(false);
    expect(localTimeExists('2026-03-29', '03:00', 'Europe/Madrid')).toBe(true);
    expect(localTimeExists('2026-03-29', '01:30', 'Europe/Lisbon')).toBe(false);
    expect(localTimeExists('2026-03-29', '02:30', 'Europe/Lisbon')).toBe(true);
    // The repeated hour in October exists (twice).
    expect(localTimeExists('2026-10-25', '02:30', 'Europe/Madrid')).toBe(true);
    expect(localTimeExists('2026-03-30', '02:30', 'Europe/Madrid')).toBe(true);
  });

  it('names each typed field that falls in the gap, on the date it belongs to', () => {
    expect(skippedTimeProblems('2026-03-29', { timeIn: '00:30', timeOut: '08:00', breakIn: '02:30', breakOut: '03:15' }, 'Europe/Madrid')).toEqual({
      breakIn: 'attendance.timeSkippedByDst',
    });
    // A night shift from the 28th: its break at 02:30 falls on the 29th.
    expect(skippedTimeProblems('2026-03-28', { timeIn: '22:00', timeOut: '06:00', breakIn: '02:30', breakOut: '02:45' }, 'Europe/Madrid')).toEqual({
      breakIn: 'attendance.timeSkippedByDst',
      breakOut: 'attendance.timeSkippedByDst',
    });
    expect(skippedTimeProblems('2026-03-27', { timeIn: '22:00', timeOut: '06:00', breakIn: '02:30', breakOut: '02:45' }, 'Europe/Madrid')).toEqual({});
  });
});

describe('the record on a DST night (issue 18.5)', () => {
  const spring = { date: '2026-03-29', timezone: 'Europe/Madrid' };
  const ordinary = { date: '2026-03-30', timezone: 'Europe/Madrid' };

  it('finds the clock change inside the shift window (its date and the next)', () => {
    expect(offsetChangeOf(spring)).toEqual({ from: 'UTC+1', to: 'UTC+2' });
    expect(offsetChangeOf({ date: '2026-03-28', timezone: 'Europe/Madrid' })).toEqual({ from: 'UTC+1', to: 'UTC+2' });
    expect(offsetChangeOf({ date: '2026-10-25', timezone: 'Europe/Lisbon' })).toEqual({ from: 'UTC+1', to: 'UTC' });
    expect(offsetChangeOf(ordinary)).toBeNull();
  });

  it('shows each time with its offset on that night only', () => {
    expect(formatTimeOnRecord('2026-03-29T00:30:00.000Z', spring, 'es')).toBe('01:30 (UTC+1)');
    expect(formatTimeOnRecord('2026-03-29T01:30:00.000Z', spring, 'es')).toBe('03:30 (UTC+2)');
    expect(formatTimeOnRecord('2026-03-30T07:00:00.000Z', ordinary, 'es')).toBe('09:00');
    expect(utcOffsetLabel('2026-01-01T00:00:00Z', 'Asia/Kolkata')).toBe('UTC+5:30');
  });
});
