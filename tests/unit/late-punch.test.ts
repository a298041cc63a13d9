import { describe, expect, it } from 'vitest';
import { judgeSequence, landsBeforeRecord, MAX_SEQUENCE_JUMP, LATE_PUNCH_MAX_AGE_HOURS, placeLatePunch } from '../../src/domain/clock/late-punch.ts';
import { createDayCalendar } from '../../src/domain/reports/day-calendar.ts';
import { buildMonthlyRecord, type RecordAttendance } from '../../src/domain/reports/monthly-record.ts';
import { recordNotes } from '../../src/domain/reports/record-notes.ts';

describe('late punch sequence (decision 046)', () => {
  it('takes the next number', () => {
    expect(judgeSequence(0, 1)).toEqual({ kind: 'next', missing: null });
    expect(judgeSequence(41, 42)).toEqual({ kind: 'next', missing: null });
  });

  it('applies a punch after a gap and names the numbers that never arrived', () => {
    expect(judgeSequence(3, 7)).toEqual({ kind: 'next', missing: { from: 4, to: 6 } });
    expect(judgeSequence(0, 2)).toEqual({ kind: 'next', missing: { from: 1, to: 1 } });
  });

  it('refuses a number at or below the last one (a duplicate is found before, by its receipt)', () => {
    expect(judgeSequence(5, 5)).toEqual({ kind: 'outOfOrder' });
    expect(judgeSequence(5, 2)).toEqual({ kind: 'outOfOrder' });
  });

  it('does not believe a jump of more than 100,000 (a credential that sent 2^31 blocked the queue for ever, issue 34.6)', () => {
    expect(judgeSequence(0, 2 ** 31)).toEqual({ kind: 'tooFar' });
    expect(judgeSequence(7, 7 + MAX_SEQUENCE_JUMP + 1)).toEqual({ kind: 'tooFar' });
    expect(judgeSequence(7, 7 + MAX_SEQUENCE_JUMP)).toEqual({ kind: 'next', missing: { from: 8, to: 7 + MAX_SEQUENCE_JUMP - 1 } });
    expect(MAX_SEQUENCE_JUMP).toBe(100_000);
  });
});

describe('late punch time (decision 046)', () => {
  const received = '2031-03-03T12:00:00.000Z';

  it('keeps the device time when the device clock agrees with the server', () => {
    expect(placeLatePunch({ at: '2031-03-03T09:00:00.400Z', sentAt: '2031-03-03T11:59:58Z', receivedAt: received })).toEqual({
      ok: true,
      at: '2031-03-03T09:00:00.000Z',
      skewSeconds: 0,
    });
  });

  it('moves the punch by the device clock error measured at sending', () => {
    // The device is one hour behind: it says 10:00 when the server says 11:00... 12:00.
    const placed = placeLatePunch({ at: '2031-03-03T08:00:00Z', sentAt: '2031-03-03T11:00:00Z', receivedAt: received });
    expect(placed).toEqual({ ok: true, at: '2031-03-03T09:00:00.000Z', skewSeconds: 3600 });
    // One hour ahead.
    const ahead = placeLatePunch({ at: '2031-03-03T10:00:00Z', sentAt: '2031-03-03T13:00:00Z', receivedAt: received });
    expect(ahead).toEqual({ ok: true, at: '2031-03-03T09:00:00.000Z', skewSeconds: -3600 });
  });

  it('calls a punch after its own sending, or after its arrival, future', () => {
    expect(placeLatePunch({ at: '2031-03-03T12:10:00Z', sentAt: '2031-03-03T12:00:00Z', receivedAt: received })).toMatchObject({ ok: false, reason: 'future' });
    // Within the latency tolerance it is fine.
    expect(placeLatePunch({ at: '2031-03-03T12:00:30Z', sentAt: '2031-03-03T12:00:00Z', receivedAt: received })).toMatchObject({ ok: true });
  });

  it('calls a punch older than the limit too old, and keeps its time for the administrator', () => {
    const limit = LATE_PUNCH_MAX_AGE_HOURS * 3600 * 1000;
    const old = new Date(Date.parse(received) - limit - 1000).toISOString();
    expect(placeLatePunch({ at: old, sentAt: received, receivedAt: received })).toMatchObject({ ok: false, reason: 'tooOld', at: old.replace(/\.\d+Z$/, '.000Z') });
    const justIn = new Date(Date.parse(received) - limit).toISOString();
    expect(placeLatePunch({ at: justIn, sentAt: received, receivedAt: received })).toMatchObject({ ok: true });
  });

  it('throws on an instant that is not one (the schema refuses it before)', () => {
    expect(() => placeLatePunch({ at: 'yesterday', sentAt: received, receivedAt: received })).toThrow(RangeError);
  });
});

describe('a late punch before the recorded ones', () => {
  it('lands before a later or equal punch, not before an earlier one or none', () => {
    expect(landsBeforeRecord('2031-03-03T09:00:00Z', '2031-03-03T10:00:00.000Z')).toBe(true);
    expect(landsBeforeRecord('2031-03-03T09:00:00Z', '2031-03-03T09:00:00.000Z')).toBe(true);
    expect(landsBeforeRecord('2031-03-03T09:00:00Z', '2031-03-03T08:59:59.000Z')).toBe(false);
    expect(landsBeforeRecord('2031-03-03T09:00:00Z', null)).toBe(false);
    expect(landsBeforeRecord('2031-03-03T09:00:00Z', undefined)).toBe(false);
  });
});

describe('an offline punch on the monthly record', () => {
  const attendance = (date: string, offline: boolean): RecordAttendance =>
    ({
      id: 1,
      date,
      timeIn: `${date}T09:00:00.000Z`,
      timeOut: `${date}T17:00:00.000Z`,
      workedSeconds: 28800,
      breakSeconds: 0,
      statusIn: null,
      lateSeconds: 0,
      earlyDepartureSeconds: 0,
      timezone: 'UTC',
      breaks: [],
      revision: 1,
      reason: null,
      source: 'clock',
      offline,
    }) as RecordAttendance;

  it('says so in the notes of that day only', () => {
    const record = buildMonthlyRecord({
      period: { from: '2026-11-01', to: '2026-11-30' },
      today: '2026-11-24',
      calendar: createDayCalendar('UTC'),
      schedules: [],
      leaveByDate: new Map(),
      attendances: [attendance('2026-11-03', true), attendance('2026-11-04', false)],
    });
    const keys = (date: string) =>
      recordNotes(
        record.days.find((d) => d.date === date)!,
        '2026-11-24T00:00:00.000Z',
      ).map((n) => n.key);
    expect(keys('2026-11-03')).toContain('reports.record.offline');
    expect(keys('2026-11-04')).not.toContain('reports.record.offline');
  });
});
