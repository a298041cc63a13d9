import { describe, expect, it } from 'vitest';
import { dueAutoClockOut } from '../../src/domain/attendance/due-auto-clock-out.ts';
import { missingCheckOutDueAt } from '../../src/domain/notifications/due-missing-check-out.ts';
import { dueMissedCheckIn, type CheckInFacts } from '../../src/domain/attendance/due-missed-check-in.ts';
import { dueSummaryMonth } from '../../src/domain/notifications/due-monthly-summary.ts';
import type { ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';

// Decision 056: what the minute jobs find due. Every instant below is worked out by hand from the
// zone's offset on that date (Madrid CET +1, CEST +2 from 2026-03-29 until 2026-10-25; Lisbon WET
// 0, WEST +1 on the same dates).
const at = (iso: string) => Date.parse(iso);
const dayShift = { startTime: '09:00', offTime: '17:00' };
const nightShift = { startTime: '22:00', offTime: '06:00' };

describe('dueAutoClockOut', () => {
  const open = { date: '2026-11-24', timezone: 'Europe/Madrid', timeIn: '2026-11-24T08:02:00.000Z', workFlag: null, breaks: [] };

  it('closes at the scheduled end, N real hours after it, not before', () => {
    // 17:00 CET = 16:00Z; 4 h later = 20:00Z.
    expect(dueAutoClockOut(open, dayShift, 4, at('2026-11-24T19:59:59Z'))).toBeNull();
    expect(dueAutoClockOut(open, dayShift, 4, at('2026-11-24T20:00:00Z'))).toEqual({
      checkOut: '2026-11-24T16:00:00.000Z',
      breaks: [],
      scheduledEnd: '2026-11-24T16:00:00.000Z',
    });
  });

  it('counts real hours across the spring DST change of a night shift (Lisbon)', () => {
    // 2026-03-28 22:00 WET = 22:00Z; ends 2026-03-29 06:00 WEST = 05:00Z; +2 h = 07:00Z.
    const night = { ...open, date: '2026-03-28', timezone: 'Europe/Lisbon', timeIn: '2026-03-28T22:00:00.000Z' };
    expect(dueAutoClockOut(night, nightShift, 2, at('2026-03-29T06:59:59Z'))).toBeNull();
    expect(dueAutoClockOut(night, nightShift, 2, at('2026-03-29T07:00:00Z'))?.checkOut).toBe('2026-03-29T05:00:00.000Z');
  });

  it('counts real hours across the autumn DST change (Lisbon)', () => {
    // 2026-10-24 22:00 WEST = 21:00Z; ends 2026-10-25 06:00 WET = 06:00Z; +1 h = 07:00Z.
    const night = { ...open, date: '2026-10-24', timezone: 'Europe/Lisbon', timeIn: '2026-10-24T21:00:00.000Z' };
    expect(dueAutoClockOut(night, nightShift, 1, at('2026-10-25T06:59:59Z'))).toBeNull();
    expect(dueAutoClockOut(night, nightShift, 1, at('2026-10-25T07:00:00Z'))?.checkOut).toBe('2026-10-25T06:00:00.000Z');
  });

  it('ends an open break at the check-out; a punch after the end moves the check-out to it', () => {
    const onBreak = { ...open, breaks: [{ startAt: '2026-11-24T15:30:00.000Z', endAt: null }] };
    expect(dueAutoClockOut(onBreak, dayShift, 4, at('2026-11-24T20:00:00Z'))?.breaks).toEqual([{ startAt: '2026-11-24T15:30:00.000Z', endAt: '2026-11-24T16:00:00.000Z' }]);
    const stayedLate = { ...open, breaks: [{ startAt: '2026-11-24T16:30:00.000Z', endAt: '2026-11-24T17:00:00.000Z' }] };
    expect(dueAutoClockOut(stayedLate, dayShift, 4, at('2026-11-24T20:00:00Z'))?.checkOut).toBe('2026-11-24T17:00:00.000Z');
    const lateOpenBreak = { ...open, breaks: [{ startAt: '2026-11-24T16:45:00.000Z', endAt: null }] };
    expect(dueAutoClockOut(lateOpenBreak, dayShift, 4, at('2026-11-24T20:00:00Z'))).toMatchObject({ checkOut: '2026-11-24T16:45:00.000Z', breaks: [{ endAt: '2026-11-24T16:45:00.000Z' }] });
  });

  it('leaves flagged work, days without a schedule and check-ins after the end alone', () => {
    const late = at('2026-11-25T12:00:00Z');
    expect(dueAutoClockOut({ ...open, workFlag: 'unscheduled' }, dayShift, 4, late)).toBeNull();
    expect(dueAutoClockOut(open, undefined, 4, late)).toBeNull();
    expect(dueAutoClockOut({ ...open, timeIn: '2026-11-24T16:00:00.000Z' }, dayShift, 4, late)).toBeNull();
  });
});

describe('missingCheckOutDueAt', () => {
  it('is 07:00 in the company zone on the morning after, on DST mornings too', () => {
    // 2026-03-29 07:00 CEST = 05:00Z (the night the clocks went forward).
    expect(missingCheckOutDueAt({ date: '2026-03-28' }, dayShift, 'Europe/Madrid', 'Europe/Madrid')).toBe(at('2026-03-29T05:00:00Z'));
    // 2026-10-25 07:00 CET = 06:00Z (the night they went back).
    expect(missingCheckOutDueAt({ date: '2026-10-24' }, dayShift, 'Europe/Madrid', 'Europe/Madrid')).toBe(at('2026-10-25T06:00:00Z'));
    expect(missingCheckOutDueAt({ date: '2026-11-24' }, undefined, 'Europe/Madrid', 'Europe/Madrid')).toBe(at('2026-11-25T06:00:00Z'));
  });

  it('waits an hour after a night shift that ends later than 06:00', () => {
    // 23:00-07:30 of 2026-11-24 ends 2026-11-25 07:30 CET = 06:30Z; +1 h = 07:30Z (after 07:00 local = 06:00Z).
    expect(missingCheckOutDueAt({ date: '2026-11-24' }, { startTime: '23:00', offTime: '07:30' }, 'Europe/Madrid', 'Europe/Madrid')).toBe(at('2026-11-25T07:30:00Z'));
  });
});

describe('dueMissedCheckIn', () => {
  const schedule: ScheduleRule = { id: 1, ...dayShift, totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2026-01-01', toDate: null, status: 'current' };
  const none = new Set<string>();
  const facts: CheckInFacts = { schedules: [schedule], attendedDates: none, leaveDates: none, holidayDates: none };
  const zone = 'Europe/Madrid';

  it('is due N minutes after the scheduled start (first Monday of summer time)', () => {
    // 2026-03-30 09:00 CEST = 07:00Z; +30 min = 07:30Z.
    expect(dueMissedCheckIn(facts, zone, 30, at('2026-03-30T07:29:59Z'))).toBeNull();
    expect(dueMissedCheckIn(facts, zone, 30, at('2026-03-30T07:30:00Z'))).toEqual({ date: '2026-03-30', scheduledStart: '2026-03-30T07:00:00.000Z' });
    // 17:00 CEST = 15:00Z: the shift is over, nothing to remind.
    expect(dueMissedCheckIn(facts, zone, 30, at('2026-03-30T15:00:00Z'))).toBeNull();
  });

  it('is not due with a check-in, approved leave, a holiday, a rest day or outside employment', () => {
    const now = at('2026-03-30T08:00:00Z');
    const day = new Set(['2026-03-30']);
    expect(dueMissedCheckIn({ ...facts, attendedDates: day }, zone, 30, now)).toBeNull();
    expect(dueMissedCheckIn({ ...facts, leaveDates: day }, zone, 30, now)).toBeNull();
    expect(dueMissedCheckIn({ ...facts, holidayDates: day }, zone, 30, now)).toBeNull();
    expect(dueMissedCheckIn({ ...facts, startDate: '2026-03-31' }, zone, 30, now)).toBeNull();
    expect(dueMissedCheckIn({ ...facts, endDate: '2026-03-29' }, zone, 30, now)).toBeNull();
    // 2026-03-29 is a Sunday.
    expect(dueMissedCheckIn(facts, zone, 30, at('2026-03-29T08:00:00Z'))).toBeNull();
  });

  it("finds yesterday's night shift after midnight", () => {
    const night = { ...facts, schedules: [{ ...schedule, ...nightShift, restDays: [] }] };
    // 2026-11-24 22:00 CET = 21:00Z; now 2026-11-25 02:00 CET: today's shift has not started.
    expect(dueMissedCheckIn(night, zone, 30, at('2026-11-25T01:00:00Z'))).toEqual({ date: '2026-11-24', scheduledStart: '2026-11-24T21:00:00.000Z' });
    expect(dueMissedCheckIn({ ...night, attendedDates: new Set(['2026-11-24']) }, zone, 30, at('2026-11-25T01:00:00Z'))).toBeNull();
  });
});

describe('dueSummaryMonth', () => {
  const zone = 'Europe/Madrid';
  it('is last month from 08:00 on the 1st to the end of the 3rd, in the company zone', () => {
    // 2026-11-01 08:00 CET = 07:00Z.
    expect(dueSummaryMonth(zone, at('2026-11-01T06:59:59Z'))).toBeNull();
    expect(dueSummaryMonth(zone, at('2026-11-01T07:00:00Z'))).toBe('2026-10');
    expect(dueSummaryMonth(zone, at('2026-11-03T22:59:59Z'))).toBe('2026-10');
    expect(dueSummaryMonth(zone, at('2026-11-03T23:00:00Z'))).toBeNull();
    // New year: December's summary.
    expect(dueSummaryMonth(zone, at('2027-01-01T07:00:00Z'))).toBe('2026-12');
    // 2026-04-01 08:00 CEST = 06:00Z.
    expect(dueSummaryMonth(zone, at('2026-04-01T05:59:59Z'))).toBeNull();
    expect(dueSummaryMonth(zone, at('2026-04-01T06:00:00Z'))).toBe('2026-03');
  });
});
