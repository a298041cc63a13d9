import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFeedIcs } from '../../src/domain/roster/calendar-feed-ics.ts';
import { calendarFeedPath, calendarFeedWindow, isCalendarSecret, shiftEndDate } from '../../src/domain/roster/calendar-feed.ts';
import type { PlannedDay } from '../../src/domain/roster/planned-day.ts';

/**
 * Decision 087: the feed's events carry the company zone's wall clock under TZID with a VTIMEZONE
 * calendar apps can resolve; a night shift across Madrid's spring-forward night (2026-03-29,
 * 02:00 -> 03:00) lasts 7 h, not 8; rest days are left out; each planned day has its own UID.
 */
const day = (id: number, date: string, kind: 'shift' | 'rest', startTime: string | null, endTime: string | null, breakMinutes = 0): PlannedDay => ({
  id,
  employeeId: 7,
  date,
  kind,
  startTime,
  endTime,
  breakMinutes,
  publishedAt: '2026-03-01T10:00:00.000Z',
});

function parse(text: string) {
  const comp = new ICAL.Component(ICAL.parse(text));
  for (const tz of comp.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  return comp.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

describe('calendar feed iCalendar', () => {
  const text = calendarFeedIcs({
    days: [day(1, '2026-03-28', 'shift', '22:00', '06:00', 30), day(2, '2026-03-29', 'rest', null, null), day(3, '2026-03-30', 'shift', '09:00', '17:00')],
    timeZone: 'Europe/Madrid',
    lang: 'es',
    companyName: 'Panadería',
    now: '2026-03-20T08:00:00.000Z',
  });

  it('writes shifts with TZID and the break, leaving rest days out', () => {
    expect(text).toContain('DTSTART;TZID=Europe/Madrid:20260328T220000');
    expect(text).toContain('DTEND;TZID=Europe/Madrid:20260329T060000');
    expect(text).toContain('BEGIN:VTIMEZONE');
    expect(text).toMatch(/DTSTAMP:20260301T100000Z/);
    const events = parse(text);
    expect(events.map((e) => e.uid)).toEqual(['planned-day-1@jornada', 'planned-day-3@jornada']);
    expect(events[0]!.summary).toBe('Turno');
    expect(events[0]!.description).toBe('Descanso: 30 min');
    expect(events[1]!.description).toBe('Sin descanso');
  });

  it('resolves the times to real instants across the DST change', () => {
    const [night, day2] = parse(text);
    expect(night!.startDate.toJSDate().toISOString()).toBe('2026-03-28T21:00:00.000Z');
    expect(night!.endDate.toJSDate().toISOString()).toBe('2026-03-29T04:00:00.000Z');
    expect(day2!.startDate.toJSDate().toISOString()).toBe('2026-03-30T07:00:00.000Z');
  });

  it('speaks the worker language', () => {
    const en = calendarFeedIcs({ days: [day(3, '2026-03-30', 'shift', '09:00', '17:00', 15)], timeZone: 'Europe/Madrid', lang: 'en', companyName: 'Bakery', now: '2026-03-20T08:00:00.000Z' });
    const [event] = parse(en);
    expect(event!.summary).toBe('Shift');
    expect(event!.description).toBe('Break: 15 min');
  });
});

describe('calendar feed rules', () => {
  it('knows the secret shape, the path and the window', () => {
    expect(isCalendarSecret('a'.repeat(43))).toBe(true);
    expect(isCalendarSecret('a'.repeat(42))).toBe(false);
    expect(isCalendarSecret(`${'a'.repeat(42)}/`)).toBe(false);
    expect(calendarFeedPath('abc')).toBe('/calendar/abc.ics');
    expect(calendarFeedWindow('2026-05-01')).toEqual({ from: '2026-03-02', to: '2026-10-28' });
    expect(shiftEndDate('2026-03-28', '22:00', '06:00')).toBe('2026-03-29');
    expect(shiftEndDate('2026-03-28', '09:00', '17:00')).toBe('2026-03-28');
  });
});
