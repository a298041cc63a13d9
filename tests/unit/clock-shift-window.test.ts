import { describe, expect, it } from 'vitest';
import { decidePunch, type AttendanceState, type ClockAction, type PunchDecision, type PunchInput } from '../../src/domain/clock/clock-engine.ts';
import { shiftOfCheckIn, shiftsAround, type ShiftCandidate } from '../../src/domain/clock/shift-window.ts';
import type { ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';
import { addDays, localDateOf, localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';

/**
 * Decision 032: a check-in belongs to the working shift whose scheduled start is nearest, within
 * the shift window; outside every window it is refused, or flagged with `acceptUnscheduledWork`.
 * Scenarios run through a tiny in-memory clock that keeps the attendances the engine decides on,
 * loaded as the clock-state repository loads them (yesterday, today, tomorrow, latest open).
 */
const MADRID = 'Europe/Madrid';
const H = 3600;
const rule = (extra: Partial<ScheduleRule> = {}): ScheduleRule => ({
  id: 1,
  startTime: '09:00',
  offTime: '17:00',
  totalHours: 8,
  restDays: ['Saturday', 'Sunday'],
  fromDate: '2026-01-01',
  toDate: null,
  status: 'current',
  ...extra,
});
const NIGHT = rule({ startTime: '22:00', offTime: '06:00', restDays: [] });
const at = (date: string, time: string, tz = MADRID) => localDateTimeToUtcIso(date, time, tz);
const plus = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();

/** An employee at the clock: punches go through decidePunch and change the kept attendances. */
function clock(schedules: ScheduleRule[], options: Partial<PunchInput> = {}) {
  const days: (AttendanceState & { workFlag?: string | null })[] = [];
  let nextId = 1;
  const punch = (action: ClockAction, now: string, over: Partial<PunchInput> = {}): PunchDecision => {
    const tz = over.timeZone ?? options.timeZone ?? MADRID;
    const today = localDateOf(now, tz);
    const on = (date: string) => days.find((d) => d.date === date) ?? null;
    const open = days.filter((d) => d.date < today && d.timeOut === null).sort((a, b) => b.date.localeCompare(a.date))[0] ?? null;
    const decision = decidePunch({
      action,
      now,
      timeZone: tz,
      schedules,
      attendanceToday: on(today),
      attendanceYesterday: on(addDays(today, -1)),
      attendanceTomorrow: on(addDays(today, 1)),
      previousOpen: open,
      approvedLeaveDates: [],
      graceMinutes: 5,
      breaksPerDay: 1,
      timeFormat: '1',
      lang: 'en',
      ...options,
      ...over,
    });
    if (!decision.ok) return decision;
    const c = decision.change;
    if (c.action === 'check-in') days.push({ id: nextId++, date: c.date, timeIn: c.at, timeOut: null, breaks: [], workFlag: c.workFlag ?? null });
    else {
      const day = days.find((d) => d.id === c.attendanceId)!;
      if (c.action === 'check-out') day.timeOut = c.at;
      if (c.action === 'break-in') day.breaks = [...day.breaks, { id: nextId++, startAt: c.at, endAt: null }];
      if (c.action === 'break-out') day.breaks = day.breaks.map((b) => (b.id === c.breakId ? { ...b, endAt: c.at } : b));
    }
    return decision;
  };
  return { punch, days };
}
const ok = (d: PunchDecision) => {
  if (!d.ok) throw new Error(`refused: ${d.code}`);
  return d.change;
};
const code = (d: PunchDecision) => (d.ok ? `accepted ${JSON.stringify(d.change)}` : d.code);

describe('issue 18.2: a check-in just after a night shift does not steal the next night', () => {
  // 2026-11-23 is a Monday.
  const MON = '2026-11-23';
  const TUE = '2026-11-24';
  const WED = '2026-11-25';

  it('refuses the 06:10 check-in; that evening and the next morning work as scheduled', () => {
    const c = clock([NIGHT]);
    expect(ok(c.punch('check-in', at(MON, '22:00')))).toMatchObject({ date: MON, statusIn: 'on_time' });
    expect(ok(c.punch('check-out', at(TUE, '06:00')))).toMatchObject({ date: MON, workedSeconds: 8 * H });
    // The bug: this opened "today's" (TUESDAY's) shift, so 22:00 said "already checked in".
    expect(code(c.punch('check-in', at(TUE, '06:10')))).toBe('punch.outsideShift');
    expect(ok(c.punch('check-in', at(TUE, '22:00')))).toMatchObject({ date: TUE, statusIn: 'on_time' });
    expect(ok(c.punch('check-out', at(WED, '06:00')))).toMatchObject({ date: TUE, workedSeconds: 8 * H, earlyDepartureSeconds: 0 });
    expect(c.days.map((d) => d.date)).toEqual([MON, TUE]);
  });

  it("still refuses it with unscheduled work accepted: a flagged day would take the date tonight's shift needs", () => {
    const c = clock([NIGHT], { acceptUnscheduledWork: true });
    ok(c.punch('check-in', at(MON, '22:00')));
    ok(c.punch('check-out', at(TUE, '06:00')));
    expect(code(c.punch('check-in', at(TUE, '06:10')))).toBe('punch.outsideShift');
    expect(ok(c.punch('check-in', at(TUE, '22:00')))).toMatchObject({ date: TUE });
  });

  it('a night check-in is accepted from the window before the start, a late one until the scheduled end', () => {
    const early = clock([NIGHT]);
    expect(code(early.punch('check-in', plus(at(TUE, '18:00'), -1)))).toBe('punch.outsideShift');
    expect(ok(early.punch('check-in', at(TUE, '18:00')))).toMatchObject({ date: TUE, statusIn: 'on_time' });
    const late = clock([NIGHT]);
    expect(ok(late.punch('check-in', at(WED, '05:59')))).toMatchObject({ date: TUE, statusIn: 'late', lateSeconds: 7 * H + 59 * 60 });
    expect(code(clock([NIGHT]).punch('check-in', plus(at(WED, '06:00'), 1)))).toBe('punch.outsideShift');
  });

  it('the window is a setting: 12 hours make 06:10 part of the night that just ended', () => {
    const c = clock([NIGHT], { shiftWindowMinutes: 720 });
    ok(c.punch('check-in', at(MON, '22:00')));
    ok(c.punch('check-out', at(TUE, '06:00')));
    expect(c.punch('check-in', at(TUE, '06:10'))).toMatchObject({ ok: false, code: 'messages.alreadyCheckedIn', params: { time: '22:00' } });
  });
});

describe('a day shift 09:00-17:00 (window 240 minutes)', () => {
  const MON = '2026-11-23';

  it('takes check-ins from 05:00 to 17:00, late counted from 09:00', () => {
    expect(code(clock([rule()]).punch('check-in', at(MON, '04:59')))).toBe('punch.outsideShift');
    expect(ok(clock([rule()]).punch('check-in', at(MON, '05:00')))).toMatchObject({ date: MON, statusIn: 'on_time', lateSeconds: 0 });
    expect(ok(clock([rule()]).punch('check-in', at(MON, '13:30')))).toMatchObject({ date: MON, statusIn: 'late', lateSeconds: 4.5 * H });
    expect(ok(clock([rule()]).punch('check-in', at(MON, '17:00')))).toMatchObject({ date: MON, statusIn: 'late' });
    expect(code(clock([rule()]).punch('check-in', at(MON, '17:01')))).toBe('punch.outsideShift');
  });

  it("after the day's shift is over, accepted work outside it is an unscheduled day, closed without early departure", () => {
    const c = clock([rule()], { acceptUnscheduledWork: true });
    expect(ok(c.punch('check-in', at(MON, '18:00')))).toEqual({
      action: 'check-in',
      at: at(MON, '18:00'),
      date: MON,
      statusIn: null,
      lateSeconds: 0,
      workFlag: 'unscheduled',
    });
    expect(ok(c.punch('check-out', at(MON, '20:00')))).toMatchObject({ date: MON, workedSeconds: 2 * H, earlyDepartureSeconds: 0 });
    // One attendance a day: once recorded, the day is checked in.
    expect(code(c.punch('check-in', at(MON, '20:30')))).toBe('messages.alreadyCheckedIn');
  });

  it("before the day's shift, a punch outside its window is refused even with the setting on", () => {
    expect(code(clock([rule()], { acceptUnscheduledWork: true }).punch('check-in', at(MON, '03:00')))).toBe('punch.outsideShift');
  });
});

describe('the nearest scheduled start wins', () => {
  // A shift that starts after midnight: 01:00-09:00 every day.
  const EARLY = rule({ startTime: '01:00', offTime: '09:00', restDays: [] });
  const MON = '2026-11-23';
  const TUE = '2026-11-24';

  it("a check-in at 23:00 belongs to tomorrow's 01:00 shift, and its break and check-out act on it", () => {
    const c = clock([EARLY]);
    ok(c.punch('check-in', at(MON, '01:00')));
    ok(c.punch('check-out', at(MON, '09:00')));
    expect(ok(c.punch('check-in', at(MON, '23:00')))).toMatchObject({ date: TUE, statusIn: 'on_time' });
    // Monday's day is closed, but the break belongs to the open shift dated Tuesday.
    expect(ok(c.punch('break-in', at(MON, '23:30')))).toMatchObject({ date: TUE });
    ok(c.punch('break-out', at(TUE, '00:00')));
    expect(ok(c.punch('check-out', at(TUE, '09:00')))).toMatchObject({ date: TUE, workedSeconds: 9.5 * H, breakSeconds: 30 * 60 });
    expect(code(c.punch('check-in', at(TUE, '09:30')))).toBe('messages.alreadyCheckedIn');
  });

  it('between two shifts whose windows overlap, the nearer start decides; a tie goes to the one about to start', () => {
    const shift = (date: string, start: number, off: number): ShiftCandidate => ({ date, schedule: EARLY, start, off });
    const a = shift('2026-01-01', 0, 8 * H);
    const b = shift('2026-01-02', 12 * H, 20 * H);
    expect(shiftOfCheckIn([a, b], 5 * H, 600)?.date).toBe('2026-01-01');
    expect(shiftOfCheckIn([a, b], 9 * H, 600)?.date).toBe('2026-01-02');
    expect(shiftOfCheckIn([a, b], 6 * H, 600)?.date).toBe('2026-01-02');
    expect(shiftOfCheckIn([a, b], 6 * H, 300)?.date).toBe('2026-01-01');
    expect(shiftOfCheckIn([a, b], 30 * H, 300)).toBeUndefined();
  });

  it('rest days and days of leave have no shift to belong to', () => {
    const office = rule();
    const dates = (leave: string[]) => shiftsAround([office], '2026-11-23', MADRID, new Set(leave)).map((s) => s.date);
    expect(dates([])).toEqual(['2026-11-23', '2026-11-24']); // Sunday 22nd rests
    expect(dates(['2026-11-24'])).toEqual(['2026-11-23']);
  });
});

describe('daylight saving nights (Madrid)', () => {
  it('spring forward: the window opens four real hours before 22:00, the night lasts 7 h, and 06:10 belongs to no shift', () => {
    const c = clock([NIGHT]);
    expect(code(c.punch('check-in', plus(at('2026-03-28', '18:00'), -1)))).toBe('punch.outsideShift');
    expect(ok(c.punch('check-in', at('2026-03-28', '21:58')))).toMatchObject({ date: '2026-03-28', statusIn: 'on_time' });
    expect(ok(c.punch('check-out', at('2026-03-29', '06:00')))).toMatchObject({ date: '2026-03-28', workedSeconds: 7 * H + 2 * 60 });
    expect(code(c.punch('check-in', at('2026-03-29', '06:10')))).toBe('punch.outsideShift');
    expect(ok(c.punch('check-in', at('2026-03-29', '22:00')))).toMatchObject({ date: '2026-03-29' });
  });

  it('fall back: a late arrival in the repeated hour belongs to the night that started at 22:00 CEST', () => {
    const c = clock([NIGHT]);
    // 01:30Z on 2026-10-25 is 02:30 CET, after the clocks went back: 5.5 real hours after 22:00 CEST (20:00Z).
    expect(ok(c.punch('check-in', '2026-10-25T01:30:00Z'))).toMatchObject({ date: '2026-10-24', statusIn: 'late', lateSeconds: 5.5 * H });
    // The scheduled end, 06:00 CET (05:00Z), still takes a check-out; the window closes there.
    expect(ok(c.punch('check-out', '2026-10-25T05:00:00Z'))).toMatchObject({ date: '2026-10-24', workedSeconds: 3.5 * H, earlyDepartureSeconds: 0 });
    expect(code(clock([NIGHT]).punch('check-in', '2026-10-25T05:00:01Z'))).toBe('punch.outsideShift');
  });
});

describe('issue 18.3: work on a rest day or without a schedule', () => {
  const SAT = '2026-11-21';
  const MON = '2026-11-23';

  it("is refused with the spec's messages while the setting is off", () => {
    expect(code(clock([rule()]).punch('check-in', at(SAT, '10:00')))).toBe('messages.restDayToday');
    expect(code(clock([]).punch('check-in', at(MON, '10:00')))).toBe('messages.noActiveSchedule');
    expect(code(clock([]).punch('check-out', at(MON, '10:00')))).toBe('messages.noActiveSchedule');
  });

  it('is recorded flagged while it is on, and closed without a schedule to leave early from', () => {
    const rest = clock([rule()], { acceptUnscheduledWork: true });
    expect(ok(rest.punch('check-in', at(SAT, '10:00')))).toMatchObject({ date: SAT, statusIn: null, lateSeconds: 0, workFlag: 'rest-day' });
    expect(ok(rest.punch('break-in', at(SAT, '11:00')))).toMatchObject({ date: SAT });
    ok(rest.punch('break-out', at(SAT, '11:15')));
    expect(ok(rest.punch('check-out', at(SAT, '12:00')))).toMatchObject({ date: SAT, workedSeconds: 1.75 * H, earlyDepartureSeconds: 0 });

    const none = clock([], { acceptUnscheduledWork: true });
    expect(code(none.punch('check-out', at(MON, '09:00')))).toBe('messages.noAttendanceData');
    expect(ok(none.punch('check-in', at(MON, '10:00')))).toMatchObject({ date: MON, workFlag: 'unscheduled', statusIn: null });
    expect(ok(none.punch('check-out', at(MON, '14:00')))).toMatchObject({ workedSeconds: 4 * H, earlyDepartureSeconds: 0 });
  });

  it('approved leave is still refused', () => {
    expect(code(clock([rule()], { acceptUnscheduledWork: true, approvedLeaveDates: [MON] }).punch('check-in', at(MON, '09:00')))).toBe('punch.onLeave');
  });
});
