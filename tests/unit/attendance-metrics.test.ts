import { describe, expect, it } from 'vitest';
import { breakSecondsOf, computeAttendanceMetrics, hoursOf, scheduledInstants } from '../../src/domain/attendance/attendance-metrics.ts';
import { shiftInstants, type LocalShiftTimes } from '../../src/domain/attendance/shift-times.ts';

const LISBON = 'Europe/Lisbon';
const MADRID = 'Europe/Madrid';
const OFFICE = { startTime: '09:00', offTime: '17:00' };
const NIGHT = { startTime: '22:00', offTime: '06:00' };

const times = (timeIn: string, timeOut: string | null, breakIn: string | null = null, breakOut: string | null = null): LocalShiftTimes => ({ timeIn, timeOut, breakIn, breakOut });

function metrics(date: string, t: LocalShiftTimes, schedule: { startTime: string; offTime: string } | null = OFFICE, graceMinutes = 5, timeZone = LISBON) {
  return computeAttendanceMetrics({ date, timeZone, graceMinutes, schedule: schedule ?? undefined, shift: shiftInstants(date, t, timeZone) });
}

describe('scheduledInstants', () => {
  it('places the off time of a night shift on the next day', () => {
    expect(scheduledInstants('2026-01-15', OFFICE, LISBON)).toEqual({ start: '2026-01-15T09:00:00.000Z', off: '2026-01-15T17:00:00.000Z' });
    expect(scheduledInstants('2026-07-15', NIGHT, LISBON)).toEqual({ start: '2026-07-15T21:00:00.000Z', off: '2026-07-16T05:00:00.000Z' });
  });
});

describe('computeAttendanceMetrics', () => {
  it('an on-time full day with a 30-minute break: 7 h 30 min worked', () => {
    expect(metrics('2026-01-15', times('08:55', '17:00', '13:00', '13:30'))).toEqual({
      workedSeconds: 7.5 * 3600 + 5 * 60,
      breakSeconds: 1800,
      statusIn: 'on_time',
      lateSeconds: 0,
      earlyDepartureSeconds: 0,
    });
  });

  it('within the grace minutes is on time; one second past it is late, counted from the start', () => {
    expect(metrics('2026-01-15', times('09:05', '17:00')).statusIn).toBe('on_time');
    const shift = shiftInstants('2026-01-15', times('09:05', '17:00'), LISBON);
    const oneSecondLater = { ...shift, timeIn: '2026-01-15T09:05:01.000Z' };
    const late = computeAttendanceMetrics({ date: '2026-01-15', timeZone: LISBON, graceMinutes: 5, schedule: OFFICE, shift: oneSecondLater });
    expect(late).toMatchObject({ statusIn: 'late', lateSeconds: 301 });
  });

  it('zero grace: any second after the start is late; a negative grace counts as zero', () => {
    expect(metrics('2026-01-15', times('09:01', '17:00'), OFFICE, 0)).toMatchObject({ statusIn: 'late', lateSeconds: 60 });
    expect(metrics('2026-01-15', times('09:00', '17:00'), OFFICE, 0)).toMatchObject({ statusIn: 'on_time', lateSeconds: 0 });
    expect(metrics('2026-01-15', times('09:01', '17:00'), OFFICE, -10)).toMatchObject({ statusIn: 'late', lateSeconds: 60 });
  });

  it('early departure is the time before the scheduled off time; leaving late is none', () => {
    expect(metrics('2026-01-15', times('09:00', '16:20')).earlyDepartureSeconds).toBe(40 * 60);
    expect(metrics('2026-01-15', times('09:00', '18:00')).earlyDepartureSeconds).toBe(0);
  });

  it('an open day has no worked time and no early departure yet', () => {
    expect(metrics('2026-01-15', times('09:20', null))).toEqual({
      workedSeconds: null,
      breakSeconds: 0,
      statusIn: 'late',
      lateSeconds: 20 * 60,
      earlyDepartureSeconds: 0,
    });
  });

  it('an open break counts no break time', () => {
    expect(metrics('2026-01-15', times('09:00', null, '12:00', null)).breakSeconds).toBe(0);
  });

  it('without a schedule there is nothing to be late for', () => {
    expect(metrics('2026-01-15', times('11:00', '12:00'), null)).toEqual({
      workedSeconds: 3600,
      breakSeconds: 0,
      statusIn: null,
      lateSeconds: 0,
      earlyDepartureSeconds: 0,
    });
  });

  it('a night shift across midnight is one attendance: 22:10 -> 05:30 with a break after midnight', () => {
    const m = metrics('2026-07-15', times('22:10', '05:30', '01:00', '01:30'), NIGHT);
    expect(m).toEqual({
      workedSeconds: 7 * 3600 + 20 * 60 - 1800,
      breakSeconds: 1800,
      statusIn: 'late',
      lateSeconds: 600,
      earlyDepartureSeconds: 30 * 60,
    });
  });

  it('DST spring forward (Lisbon 29 March 2026): a 22:00-06:00 night lasts 7 real hours', () => {
    const m = metrics('2026-03-28', times('22:00', '06:00'), NIGHT);
    expect(m).toMatchObject({ workedSeconds: 7 * 3600, statusIn: 'on_time', earlyDepartureSeconds: 0 });
  });

  it('DST fall back (Lisbon 25 October 2026): a 22:00-06:00 night lasts 9 real hours', () => {
    const m = metrics('2026-10-24', times('22:00', '06:00'), NIGHT);
    expect(m).toMatchObject({ workedSeconds: 9 * 3600, statusIn: 'on_time', earlyDepartureSeconds: 0 });
  });

  it('DST in Madrid (29 March 2026, 02:00 -> 03:00): a day shift is untouched, lateness is real minutes', () => {
    expect(metrics('2026-03-29', times('09:07', '17:00'), OFFICE, 5, MADRID)).toMatchObject({ workedSeconds: 7 * 3600 + 53 * 60, statusIn: 'late', lateSeconds: 7 * 60 });
    const night = metrics('2026-03-28', times('23:00', '07:00'), { startTime: '23:00', offTime: '07:00' }, 5, MADRID);
    expect(night.workedSeconds).toBe(7 * 3600);
  });

  it('DST in Madrid (25 October 2026, 03:00 -> 02:00): the repeated hour is worked and paid', () => {
    const night = metrics('2026-10-24', times('23:00', '07:00'), { startTime: '23:00', offTime: '07:00' }, 5, MADRID);
    expect(night.workedSeconds).toBe(9 * 3600);
    expect(night.earlyDepartureSeconds).toBe(0);
  });

  it('never reports negative worked time', () => {
    const shift = { timeIn: '2026-01-15T09:00:00.000Z', timeOut: '2026-01-15T09:10:00.000Z', breaks: [{ startAt: '2026-01-15T08:00:00.000Z', endAt: '2026-01-15T09:00:00.000Z' }] };
    expect(computeAttendanceMetrics({ date: '2026-01-15', timeZone: LISBON, graceMinutes: 5, schedule: OFFICE, shift }).workedSeconds).toBe(0);
  });
});

describe('breakSecondsOf and hoursOf', () => {
  it('adds closed breaks only, ignoring a reversed one', () => {
    expect(
      breakSecondsOf([
        { startAt: '2026-01-15T10:00:00.000Z', endAt: '2026-01-15T10:15:00.000Z' },
        { startAt: '2026-01-15T13:00:00.000Z', endAt: '2026-01-15T13:30:00.000Z' },
        { startAt: '2026-01-15T15:00:00.000Z', endAt: null },
        { startAt: '2026-01-15T16:00:00.000Z', endAt: '2026-01-15T15:00:00.000Z' },
      ]),
    ).toBe(45 * 60);
  });

  it('rounds hours to hundredths', () => {
    expect(hoursOf(7.5 * 3600)).toBe(7.5);
    expect(hoursOf(20 * 60)).toBe(0.33);
    expect(hoursOf(0)).toBe(0);
  });
});
