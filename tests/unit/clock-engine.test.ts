import { describe, expect, it } from 'vitest';
import { decidePunch, missingCheckOut, MAX_OPEN_SHIFT_SECONDS, type AttendanceState, type PunchDecision, type PunchInput } from '../../src/domain/clock/clock-engine.ts';
import type { ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';

const LISBON = 'Europe/Lisbon';
const MADRID = 'Europe/Madrid';
const H = 3600;

const schedule = (extra: Partial<ScheduleRule> = {}): ScheduleRule => ({
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
const OFFICE = schedule();
const NIGHT = schedule({ id: 2, startTime: '22:00', offTime: '06:00', restDays: ['Sunday', 'Monday'] });

/** The instant (ISO) at which the wall clock in `tz` shows `date` `time` (seconds optional). */
function at(date: string, time: string, tz = LISBON): string {
  const [hm, seconds = '0'] = [time.slice(0, 5), time.slice(6)];
  return new Date(Date.parse(localDateTimeToUtcIso(date, hm, tz)) + Number(seconds) * 1000).toISOString();
}

function attendance(date: string, timeIn: string, extra: Partial<AttendanceState> = {}): AttendanceState {
  return { id: 7, date, timeIn, timeOut: null, breaks: [], ...extra };
}

function punch(over: Partial<PunchInput> & Pick<PunchInput, 'action' | 'now'>): PunchDecision {
  return decidePunch({
    timeZone: LISBON,
    schedules: [OFFICE],
    attendanceToday: null,
    attendanceYesterday: null,
    previousOpen: null,
    approvedLeaveDates: [],
    graceMinutes: 5,
    breaksPerDay: 1,
    timeFormat: '1',
    lang: 'en',
    ...over,
  });
}

function accepted(decision: PunchDecision) {
  if (!decision.ok) throw new Error(`refused: ${decision.code}`);
  return decision.change;
}

function refused(decision: PunchDecision) {
  if (decision.ok) throw new Error(`accepted: ${JSON.stringify(decision.change)}`);
  return decision;
}

// 2026-11-23 is a Monday (Lisbon at UTC+0); 2026-06-15 a Monday in summer (UTC+1).
const MON = '2026-11-23';
const TUE = '2026-11-24';
const SAT = '2026-11-21';

describe('check in', () => {
  it('records an on-time check-in on the local work date, as a whole-second UTC instant', () => {
    const change = accepted(punch({ action: 'check-in', now: '2026-06-15T07:58:12.734Z' }));
    expect(change).toEqual({ action: 'check-in', at: '2026-06-15T07:58:12.000Z', date: '2026-06-15', statusIn: 'on_time', lateSeconds: 0 });
  });

  it('is on time up to the start plus the grace minutes, late one second after, counted from the start', () => {
    expect(accepted(punch({ action: 'check-in', now: at(MON, '09:05:00') }))).toMatchObject({ statusIn: 'on_time', lateSeconds: 0 });
    expect(accepted(punch({ action: 'check-in', now: at(MON, '09:05:01') }))).toMatchObject({ statusIn: 'late', lateSeconds: 5 * 60 + 1 });
    expect(accepted(punch({ action: 'check-in', now: at(MON, '09:20') }))).toMatchObject({ statusIn: 'late', lateSeconds: 20 * 60 });
    expect(accepted(punch({ action: 'check-in', now: at(MON, '09:00:00'), graceMinutes: 0 }))).toMatchObject({ statusIn: 'on_time' });
    expect(accepted(punch({ action: 'check-in', now: at(MON, '09:00:01'), graceMinutes: 0 }))).toMatchObject({ statusIn: 'late', lateSeconds: 1 });
    expect(accepted(punch({ action: 'check-in', now: at(MON, '09:14'), graceMinutes: 15 }))).toMatchObject({ statusIn: 'on_time' });
  });

  it('measures lateness in the company zone in summer and in Madrid', () => {
    expect(accepted(punch({ action: 'check-in', now: '2026-06-15T08:10:00Z' }))).toMatchObject({ statusIn: 'late', lateSeconds: 600 });
    const madrid = punch({ action: 'check-in', now: '2026-06-15T07:10:00Z', timeZone: MADRID });
    expect(accepted(madrid)).toMatchObject({ date: '2026-06-15', statusIn: 'late', lateSeconds: 600 });
  });

  it('refuses a second check-in today with the first time, in the company time format and language', () => {
    const today = attendance(MON, at(MON, '21:03'));
    expect(refused(punch({ action: 'check-in', now: at(MON, '21:30'), attendanceToday: today }))).toEqual({
      ok: false,
      code: 'messages.alreadyCheckedIn',
      params: { time: '21:03' },
    });
    expect(refused(punch({ action: 'check-in', now: at(MON, '21:30'), attendanceToday: today, timeFormat: '2' })).params['time']).toBe('9:03 pm');
    const es = refused(punch({ action: 'check-in', now: at(MON, '21:30'), attendanceToday: today, timeFormat: '2', lang: 'es' }));
    expect(es.params['time']).toMatch(/^9:03\sp\.\sm\.$/u);
    // Spanish is the default language of the message parameters.
    expect(refused(punch({ action: 'check-in', now: at(MON, '21:30'), attendanceToday: today, lang: undefined })).params['time']).toBe('21:03');
    // A day already closed still counts as checked in today.
    const closed = attendance(MON, at(MON, '09:00'), { timeOut: at(MON, '17:00') });
    expect(refused(punch({ action: 'check-in', now: at(MON, '18:00'), attendanceToday: closed })).code).toBe('messages.alreadyCheckedIn');
  });

  it('shows the check-in time in the company zone in summer', () => {
    const today = attendance('2026-06-15', '2026-06-15T07:58:00Z');
    expect(refused(punch({ action: 'check-in', now: '2026-06-15T09:00:00Z', attendanceToday: today })).params).toEqual({ time: '08:58' });
  });

  it('needs a schedule in force today', () => {
    expect(refused(punch({ action: 'check-in', now: at(MON, '09:00'), schedules: [] })).code).toBe('messages.noActiveSchedule');
    const ended = schedule({ toDate: '2026-11-22' });
    expect(refused(punch({ action: 'check-in', now: at(MON, '09:00'), schedules: [ended] })).code).toBe('messages.noActiveSchedule');
    const future = schedule({ fromDate: TUE });
    expect(refused(punch({ action: 'check-in', now: at(MON, '09:00'), schedules: [future] })).code).toBe('messages.noActiveSchedule');
    // The schedule in force that day decides: a new one from today replaces the old times.
    const later = schedule({ id: 9, fromDate: MON, startTime: '10:00', offTime: '18:00' });
    expect(accepted(punch({ action: 'check-in', now: at(MON, '09:30'), schedules: [OFFICE, later] }))).toMatchObject({ statusIn: 'on_time' });
  });

  it('refuses a rest day', () => {
    expect(refused(punch({ action: 'check-in', now: at(SAT, '09:00') }))).toEqual({ ok: false, code: 'messages.restDayToday', params: {} });
    expect(accepted(punch({ action: 'check-in', now: at(SAT, '09:00'), schedules: [schedule({ restDays: ['Sunday'] })] })).date).toBe(SAT);
  });

  it('refuses a day of approved leave, and only that day', () => {
    expect(refused(punch({ action: 'check-in', now: at(MON, '09:00'), approvedLeaveDates: [MON] }))).toEqual({
      ok: false,
      code: 'punch.onLeave',
      params: {},
    });
    expect(accepted(punch({ action: 'check-in', now: at(MON, '09:00'), approvedLeaveDates: new Set(['2026-11-20', TUE]) })).date).toBe(MON);
  });

  it('checks in the order: already checked in, schedule, rest day, leave', () => {
    const today = attendance(SAT, at(SAT, '09:00'));
    expect(refused(punch({ action: 'check-in', now: at(SAT, '10:00'), attendanceToday: today, schedules: [] })).code).toBe('messages.alreadyCheckedIn');
    expect(refused(punch({ action: 'check-in', now: at(SAT, '10:00'), schedules: [], approvedLeaveDates: [SAT] })).code).toBe('messages.noActiveSchedule');
    expect(refused(punch({ action: 'check-in', now: at(SAT, '10:00'), approvedLeaveDates: [SAT] })).code).toBe('messages.restDayToday');
  });

  it('is not blocked by a forgotten check-out on an earlier day', () => {
    const forgotten = attendance('2026-11-20', at('2026-11-20', '09:00'));
    expect(accepted(punch({ action: 'check-in', now: at(MON, '08:55'), previousOpen: forgotten }))).toMatchObject({ date: MON, statusIn: 'on_time' });
    // Even when it was yesterday and less than a day ago (an evening shift left open).
    const evening = attendance(MON, at(MON, '16:00'));
    const eveningSchedule = schedule({ startTime: '16:00', offTime: '23:30', restDays: [] });
    const change = accepted(punch({ action: 'check-in', now: at(TUE, '12:30'), previousOpen: evening, attendanceYesterday: evening, schedules: [eveningSchedule] }));
    expect(change).toMatchObject({ date: TUE, statusIn: 'on_time' });
  });
});

describe('night shift across midnight', () => {
  const FRI = '2026-11-20';
  const THU = '2026-11-19';
  const nightInput = { schedules: [NIGHT] };

  it('a check-in before midnight belongs to that date', () => {
    expect(accepted(punch({ action: 'check-in', now: at(THU, '21:55'), ...nightInput }))).toMatchObject({ date: THU, statusIn: 'on_time' });
  });

  it('a late check-in after midnight belongs to the shift that started the evening before', () => {
    const change = accepted(punch({ action: 'check-in', now: at(FRI, '00:30'), ...nightInput }));
    expect(change).toMatchObject({ date: THU, statusIn: 'late', lateSeconds: 2.5 * H });
  });

  it('a second check-in during the night shift is refused with its start time', () => {
    const open = attendance(THU, at(THU, '22:00'));
    expect(refused(punch({ action: 'check-in', now: at(FRI, '03:00'), previousOpen: open, ...nightInput }))).toEqual({
      ok: false,
      code: 'messages.alreadyCheckedIn',
      params: { time: '22:00' },
    });
    const closedEarly = attendance(THU, at(THU, '22:00'), { timeOut: at(FRI, '02:00') });
    expect(refused(punch({ action: 'check-in', now: at(FRI, '03:00'), attendanceYesterday: closedEarly, ...nightInput })).code).toBe('messages.alreadyCheckedIn');
  });

  it('after the scheduled end, an unclosed night shift does not block the next check-in', () => {
    const open = attendance(THU, at(THU, '22:00'));
    const change = accepted(punch({ action: 'check-in', now: at(FRI, '21:50'), previousOpen: open, attendanceYesterday: open, ...nightInput }));
    expect(change).toMatchObject({ date: FRI, statusIn: 'on_time' });
  });

  it('after midnight following a rest day or a day of leave, the punch belongs to no shift (decision 032)', () => {
    // Sunday is a rest day; at 00:30 on Monday (also a rest day for this schedule) the rest day rule applies.
    expect(refused(punch({ action: 'check-in', now: at(MON, '00:30'), ...nightInput })).code).toBe('messages.restDayToday');
    // Thursday's shift is on leave; Friday's starts 21.5 h later, far outside its window.
    expect(refused(punch({ action: 'check-in', now: at(FRI, '00:30'), approvedLeaveDates: [THU], ...nightInput })).code).toBe('punch.outsideShift');
  });

  it("a check-out after midnight closes the previous day's open shift, with real hours", () => {
    const open = attendance(THU, at(THU, '21:58'));
    const change = accepted(punch({ action: 'check-out', now: at(FRI, '06:05'), previousOpen: open, ...nightInput }));
    expect(change).toEqual({
      action: 'check-out',
      at: at(FRI, '06:05'),
      attendanceId: 7,
      date: THU,
      workedSeconds: 8 * H + 7 * 60,
      breakSeconds: 0,
      earlyDepartureSeconds: 0,
    });
    const early = accepted(punch({ action: 'check-out', now: at(FRI, '05:30'), previousOpen: open, ...nightInput }));
    expect(early).toMatchObject({ earlyDepartureSeconds: 30 * 60 });
  });

  it('breaks after midnight belong to the night shift', () => {
    const open = attendance(THU, at(THU, '22:00'));
    expect(accepted(punch({ action: 'break-in', now: at(FRI, '02:00'), previousOpen: open, ...nightInput }))).toEqual({
      action: 'break-in',
      at: at(FRI, '02:00'),
      attendanceId: 7,
      date: THU,
    });
    const onBreak = attendance(THU, at(THU, '22:00'), { breaks: [{ id: 3, startAt: at(FRI, '02:00'), endAt: null }] });
    expect(accepted(punch({ action: 'break-out', now: at(FRI, '02:25'), previousOpen: onBreak, ...nightInput }))).toMatchObject({
      attendanceId: 7,
      breakId: 3,
      breakSeconds: 25 * 60,
    });
  });

  it('an open shift stops being the current one 16 hours after its check-in', () => {
    const open = attendance(THU, at(THU, '22:00'));
    const limit = new Date(Date.parse(open.timeIn) + MAX_OPEN_SHIFT_SECONDS * 1000).toISOString();
    expect(accepted(punch({ action: 'check-out', now: limit, previousOpen: open, ...nightInput })).action).toBe('check-out');
    const after = new Date(Date.parse(limit) + 1000).toISOString();
    expect(refused(punch({ action: 'check-out', now: after, previousOpen: open, ...nightInput })).code).toBe('messages.noAttendanceData');
  });
});

describe('daylight saving time: hours are real elapsed time', () => {
  const cases = [
    { zone: LISBON, start: '2026-03-28', end: '2026-03-29', hours: 7 },
    { zone: LISBON, start: '2026-10-24', end: '2026-10-25', hours: 9 },
    { zone: MADRID, start: '2026-03-28', end: '2026-03-29', hours: 7 },
    { zone: MADRID, start: '2026-10-24', end: '2026-10-25', hours: 9 },
  ];
  for (const c of cases) {
    it(`${c.zone}: the 22:00-06:00 night of ${c.start} lasts ${c.hours} hours`, () => {
      const night = schedule({ startTime: '22:00', offTime: '06:00', restDays: [] });
      const checkIn = accepted(punch({ action: 'check-in', now: at(c.start, '22:00', c.zone), timeZone: c.zone, schedules: [night] }));
      expect(checkIn).toMatchObject({ date: c.start, statusIn: 'on_time' });
      const open = attendance(c.start, checkIn.at);
      const base = { timeZone: c.zone, schedules: [night], previousOpen: open };
      const out = accepted(punch({ action: 'check-out', now: at(c.end, '06:00', c.zone), ...base }));
      expect(out).toMatchObject({ date: c.start, workedSeconds: c.hours * H, earlyDepartureSeconds: 0 });
      // Leaving at 05:00 local is one real hour early, whatever the clocks did.
      expect(accepted(punch({ action: 'check-out', now: at(c.end, '05:00', c.zone), ...base }))).toMatchObject({
        workedSeconds: (c.hours - 1) * H,
        earlyDepartureSeconds: H,
      });
    });
  }

  it('a break across the spring-forward gap counts its real minutes (Lisbon 00:50 -> 02:10 is 20 minutes)', () => {
    const night = schedule({ startTime: '22:00', offTime: '06:00', restDays: [] });
    const onBreak = attendance('2026-03-28', at('2026-03-28', '22:00'), { breaks: [{ id: 1, startAt: at('2026-03-29', '00:50'), endAt: null }] });
    const out = accepted(punch({ action: 'break-out', now: at('2026-03-29', '02:10'), schedules: [night], previousOpen: onBreak }));
    expect(out).toMatchObject({ breakSeconds: 20 * 60 });
  });

  it('lateness after the autumn change counts from the start in local time (Madrid 2026-10-25, a Sunday shift)', () => {
    const sunday = schedule({ restDays: [] });
    expect(accepted(punch({ action: 'check-in', now: at('2026-10-25', '09:10', MADRID), timeZone: MADRID, schedules: [sunday] }))).toMatchObject({
      date: '2026-10-25',
      statusIn: 'late',
      lateSeconds: 600,
    });
  });
});

describe('check out', () => {
  const open = attendance(MON, at(MON, '08:57'));

  it('needs a schedule, then attendance data', () => {
    expect(refused(punch({ action: 'check-out', now: at(MON, '17:00') }))).toEqual({ ok: false, code: 'messages.noAttendanceData', params: {} });
    expect(refused(punch({ action: 'check-out', now: at(MON, '17:00'), schedules: [] })).code).toBe('messages.noActiveSchedule');
    expect(refused(punch({ action: 'check-out', now: at(MON, '17:00'), attendanceToday: open, schedules: [] })).code).toBe('messages.noActiveSchedule');
  });

  it('closes the day: worked = check-out - check-in - breaks; early departure before the off time', () => {
    const withBreak = { ...open, breaks: [{ id: 1, startAt: at(MON, '13:00'), endAt: at(MON, '13:30') }] };
    expect(accepted(punch({ action: 'check-out', now: at(MON, '16:30'), attendanceToday: withBreak }))).toEqual({
      action: 'check-out',
      at: at(MON, '16:30'),
      attendanceId: 7,
      date: MON,
      workedSeconds: 7 * H + 3 * 60,
      breakSeconds: 30 * 60,
      earlyDepartureSeconds: 30 * 60,
    });
    expect(accepted(punch({ action: 'check-out', now: at(MON, '17:00'), attendanceToday: open }))).toMatchObject({ earlyDepartureSeconds: 0 });
    expect(accepted(punch({ action: 'check-out', now: at(MON, '16:59:59'), attendanceToday: open }))).toMatchObject({ earlyDepartureSeconds: 1 });
    expect(accepted(punch({ action: 'check-out', now: at(MON, '18:15'), attendanceToday: open }))).toMatchObject({
      workedSeconds: 9 * H + 18 * 60,
      earlyDepartureSeconds: 0,
    });
  });

  it('sums several breaks', () => {
    const breaks = [
      { id: 1, startAt: at(MON, '11:00'), endAt: at(MON, '11:15') },
      { id: 2, startAt: at(MON, '13:00'), endAt: at(MON, '13:40') },
    ];
    expect(accepted(punch({ action: 'check-out', now: at(MON, '17:52'), attendanceToday: { ...open, breaks } }))).toMatchObject({
      workedSeconds: 8 * H,
      breakSeconds: 55 * 60,
    });
  });

  it('refuses after leaving and while on a break', () => {
    const left = { ...open, timeOut: at(MON, '17:00') };
    expect(refused(punch({ action: 'check-out', now: at(MON, '17:05'), attendanceToday: left })).code).toBe('messages.alreadyLeftWork');
    const onBreak = { ...open, breaks: [{ id: 1, startAt: at(MON, '13:00'), endAt: null }] };
    expect(refused(punch({ action: 'check-out', now: at(MON, '13:10'), attendanceToday: onBreak })).code).toBe('messages.currentlyOnBreak');
  });

  it('does not close a forgotten day: a check-out the next day without a check-in has no attendance data', () => {
    const forgotten = attendance(MON, at(MON, '09:00'));
    expect(refused(punch({ action: 'check-out', now: at(TUE, '17:00'), previousOpen: forgotten })).code).toBe('messages.noAttendanceData');
  });

  it("acts on today's attendance before an open one from yesterday", () => {
    const yesterday = { ...attendance(MON, at(MON, '09:00')), id: 1 };
    const today = { ...attendance(TUE, at(TUE, '08:00')), id: 2 };
    expect(accepted(punch({ action: 'check-out', now: at(TUE, '17:00'), previousOpen: yesterday, attendanceToday: today }))).toMatchObject({
      attendanceId: 2,
      date: TUE,
    });
  });

  it('never reports negative hours for a check-in recorded after now', () => {
    const odd = attendance(MON, at(MON, '18:00'));
    expect(accepted(punch({ action: 'check-out', now: at(MON, '17:00'), attendanceToday: odd }))).toMatchObject({ workedSeconds: 0 });
  });
});

describe('breaks', () => {
  const open = attendance(MON, at(MON, '09:00'));
  const ended = { id: 1, startAt: at(MON, '11:00'), endAt: at(MON, '11:20') };

  it('break in needs attendance data and an open day', () => {
    expect(refused(punch({ action: 'break-in', now: at(MON, '11:00') })).code).toBe('messages.noAttendanceData');
    expect(refused(punch({ action: 'break-in', now: at(MON, '11:00'), schedules: [] })).code).toBe('messages.noActiveSchedule');
    const left = { ...open, timeOut: at(MON, '10:00') };
    expect(refused(punch({ action: 'break-in', now: at(MON, '11:00'), attendanceToday: left })).code).toBe('messages.alreadyLeftWork');
  });

  it('starts a break', () => {
    expect(accepted(punch({ action: 'break-in', now: at(MON, '11:00'), attendanceToday: open }))).toEqual({
      action: 'break-in',
      at: at(MON, '11:00'),
      attendanceId: 7,
      date: MON,
    });
  });

  it('refuses a second break while on one, and once the allowed breaks are used', () => {
    const onBreak = { ...open, breaks: [{ id: 1, startAt: at(MON, '11:00'), endAt: null }] };
    expect(refused(punch({ action: 'break-in', now: at(MON, '11:05'), attendanceToday: onBreak })).code).toBe('messages.currentlyOnBreak');
    expect(refused(punch({ action: 'break-in', now: at(MON, '11:05'), attendanceToday: onBreak, breaksPerDay: 3 })).code).toBe('messages.currentlyOnBreak');
    const tookOne = { ...open, breaks: [ended] };
    expect(refused(punch({ action: 'break-in', now: at(MON, '13:00'), attendanceToday: tookOne })).code).toBe('messages.alreadyTookBreak');
  });

  it('the breaks-per-day setting allows more breaks', () => {
    const tookOne = { ...open, breaks: [ended] };
    expect(accepted(punch({ action: 'break-in', now: at(MON, '13:00'), attendanceToday: tookOne, breaksPerDay: 2 })).action).toBe('break-in');
    const tookTwo = { ...open, breaks: [ended, { id: 2, startAt: at(MON, '13:00'), endAt: at(MON, '13:30') }] };
    expect(refused(punch({ action: 'break-in', now: at(MON, '15:00'), attendanceToday: tookTwo, breaksPerDay: 2 })).code).toBe('messages.alreadyTookBreak');
    expect(refused(punch({ action: 'break-in', now: at(MON, '11:00'), attendanceToday: open, breaksPerDay: 0 })).code).toBe('messages.alreadyTookBreak');
  });

  it('break out ends the open break and totals every break of the day', () => {
    const second = { ...open, breaks: [ended, { id: 2, startAt: at(MON, '13:00'), endAt: null }] };
    expect(accepted(punch({ action: 'break-out', now: at(MON, '13:45:30'), attendanceToday: second, breaksPerDay: 2 }))).toEqual({
      action: 'break-out',
      at: at(MON, '13:45:30'),
      attendanceId: 7,
      date: MON,
      breakId: 2,
      breakSeconds: 20 * 60 + 45 * 60 + 30,
    });
  });

  it('break out without a started break, after it ended, without attendance, after leaving', () => {
    expect(refused(punch({ action: 'break-out', now: at(MON, '11:00'), attendanceToday: open })).code).toBe('messages.didNotStartBreak');
    expect(refused(punch({ action: 'break-out', now: at(MON, '11:30'), attendanceToday: { ...open, breaks: [ended] } })).code).toBe('messages.alreadyFinishedBreak');
    expect(refused(punch({ action: 'break-out', now: at(MON, '11:30') })).code).toBe('messages.noAttendanceData');
    const left = { ...open, breaks: [ended], timeOut: at(MON, '12:00') };
    expect(refused(punch({ action: 'break-out', now: at(MON, '12:30'), attendanceToday: left })).code).toBe('messages.alreadyLeftWork');
  });
});

describe('missing check-out flag', () => {
  it('flags an open day from an earlier date that is no longer being worked', () => {
    const day = { date: MON, timeIn: at(MON, '09:00'), timeOut: null };
    expect(missingCheckOut(day, at(MON, '20:00'), LISBON)).toBe(false);
    expect(missingCheckOut(day, at(TUE, '08:00'), LISBON)).toBe(true);
    expect(missingCheckOut({ ...day, timeOut: at(MON, '17:00') }, at(TUE, '08:00'), LISBON)).toBe(false);
    const night = { date: MON, timeIn: at(MON, '22:00'), timeOut: null };
    expect(missingCheckOut(night, at(TUE, '05:00'), LISBON)).toBe(false);
    expect(missingCheckOut(night, at(TUE, '15:00'), LISBON)).toBe(true);
  });
});

describe('input', () => {
  it('refuses an instant that is not a date', () => {
    expect(() => punch({ action: 'check-in', now: 'yesterday' })).toThrow(RangeError);
  });
});
