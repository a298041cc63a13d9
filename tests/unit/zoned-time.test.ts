import { describe, expect, it } from 'vitest';
import { addDays, localDateOf, localDateTimeToUtcIso, localTimeOf, utcOffsetMinutes, weekdayOf } from '../../src/domain/time/zoned-time.ts';

const LISBON = 'Europe/Lisbon';

describe('localDateTimeToUtcIso', () => {
  it('converts a normal winter and summer day in Lisbon', () => {
    expect(localDateTimeToUtcIso('2026-01-15', '09:00', LISBON)).toBe('2026-01-15T09:00:00.000Z');
    expect(localDateTimeToUtcIso('2026-07-15', '09:00', LISBON)).toBe('2026-07-15T08:00:00.000Z');
  });

  it('converts in zones far from UTC, across the UTC date line', () => {
    expect(localDateTimeToUtcIso('2026-07-15', '09:00', 'America/New_York')).toBe('2026-07-15T13:00:00.000Z');
    expect(localDateTimeToUtcIso('2026-07-15', '08:00', 'Asia/Tokyo')).toBe('2026-07-14T23:00:00.000Z');
    expect(localDateTimeToUtcIso('2026-07-15', '23:30', 'America/Los_Angeles')).toBe('2026-07-16T06:30:00.000Z');
  });

  it('handles the spring-forward gap (Lisbon, 29 March 2026, 01:00 -> 02:00)', () => {
    // Before and after the gap.
    expect(localDateTimeToUtcIso('2026-03-29', '00:59', LISBON)).toBe('2026-03-29T00:59:00.000Z');
    expect(localDateTimeToUtcIso('2026-03-29', '02:00', LISBON)).toBe('2026-03-29T01:00:00.000Z');
    expect(localDateTimeToUtcIso('2026-03-29', '09:00', LISBON)).toBe('2026-03-29T08:00:00.000Z');
    // 01:30 does not exist: it moves forward by the gap to 02:30 WEST.
    expect(localDateTimeToUtcIso('2026-03-29', '01:30', LISBON)).toBe('2026-03-29T01:30:00.000Z');
    // A night shift 22:00 -> 06:00 across the gap lasts 7 hours.
    const start = Date.parse(localDateTimeToUtcIso('2026-03-28', '22:00', LISBON));
    const end = Date.parse(localDateTimeToUtcIso('2026-03-29', '06:00', LISBON));
    expect((end - start) / 3_600_000).toBe(7);
  });

  it('handles the fall-back overlap (Lisbon, 25 October 2026, 02:00 -> 01:00)', () => {
    expect(localDateTimeToUtcIso('2026-10-25', '00:30', LISBON)).toBe('2026-10-24T23:30:00.000Z');
    // 01:30 happens twice: the first occurrence (WEST, +01:00) is taken.
    expect(localDateTimeToUtcIso('2026-10-25', '01:30', LISBON)).toBe('2026-10-25T00:30:00.000Z');
    expect(localDateTimeToUtcIso('2026-10-25', '02:00', LISBON)).toBe('2026-10-25T02:00:00.000Z');
    expect(localDateTimeToUtcIso('2026-10-25', '09:00', LISBON)).toBe('2026-10-25T09:00:00.000Z');
    // The day before is still summer time.
    expect(localDateTimeToUtcIso('2026-10-24', '09:00', LISBON)).toBe('2026-10-24T08:00:00.000Z');
    // A night shift 22:00 -> 06:00 across the overlap lasts 9 hours.
    const start = Date.parse(localDateTimeToUtcIso('2026-10-24', '22:00', LISBON));
    const end = Date.parse(localDateTimeToUtcIso('2026-10-25', '06:00', LISBON));
    expect((end - start) / 3_600_000).toBe(9);
  });

  it('round-trips with localDateOf and localTimeOf', () => {
    for (const [date, time] of [
      ['2026-03-28', '22:00'],
      ['2026-03-29', '06:00'],
      ['2026-10-24', '22:00'],
      ['2026-10-25', '06:00'],
      ['2026-12-31', '23:59'],
    ] as const) {
      const iso = localDateTimeToUtcIso(date, time, LISBON);
      expect(localDateOf(iso, LISBON)).toBe(date);
      expect(localTimeOf(iso, LISBON)).toBe(time);
    }
  });

  it('rejects malformed input and unknown zones', () => {
    expect(() => localDateTimeToUtcIso('2026-3-1', '09:00', LISBON)).toThrow(RangeError);
    expect(() => localDateTimeToUtcIso('2026-03-01', '9:00', LISBON)).toThrow(RangeError);
    expect(() => localDateTimeToUtcIso('2026-03-01', '24:00', LISBON)).toThrow(RangeError);
    expect(() => localDateTimeToUtcIso('2026-03-01', '09:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('calendar helpers', () => {
  it('reports the UTC offset in minutes', () => {
    expect(utcOffsetMinutes('2026-01-15T12:00:00Z', LISBON)).toBe(0);
    expect(utcOffsetMinutes('2026-07-15T12:00:00Z', LISBON)).toBe(60);
    expect(utcOffsetMinutes('2026-01-15T12:00:00Z', 'Asia/Kolkata')).toBe(330);
  });

  it('gives the local date of an instant near midnight', () => {
    expect(localDateOf('2026-07-15T23:30:00Z', LISBON)).toBe('2026-07-16');
    expect(localDateOf('2026-01-15T23:30:00Z', LISBON)).toBe('2026-01-15');
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-11-20', -60)).toBe('2026-09-21');
  });

  it('adds days as the UTC calendar does, for every day of 1999-2101 (the within-month fast path included)', () => {
    const reference = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    for (let t = Date.UTC(1999, 0, 1); t < Date.UTC(2101, 0, 1); t += 86_400_000) {
      const date = new Date(t).toISOString().slice(0, 10);
      for (const days of [-366, -31, -29, -28, -1, 0, 1, 27, 28, 29, 30, 31, 60]) if (addDays(date, days) !== reference(date, days)) expect(addDays(date, days)).toBe(reference(date, days));
    }
    expect(() => addDays('2026-1-01', 1)).toThrow(RangeError);
  });

  it('names weekdays', () => {
    expect(weekdayOf('2026-03-29')).toBe('Sunday');
    expect(weekdayOf('2026-10-24')).toBe('Saturday');
    expect(weekdayOf('2026-11-20')).toBe('Friday');
  });
});
