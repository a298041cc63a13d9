import { describe, expect, it } from 'vitest';
import { skippedTimeProblems } from '../../src/domain/attendance/shift-times.ts';
import { localTimeExists } from '../../src/domain/time/zoned-time.ts';

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
