import { describe, expect, it } from 'vitest';
import { decidePunch, type AttendanceState, type PunchInput } from '../../src/domain/clock/clock-engine.ts';
import type { ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';

/**
 * Decision 027: an open attendance keeps the zone it was opened in. After the company zone moves
 * from Lisbon (UTC+0 in March) to Madrid (UTC+1), "already checked in at" and a check-out's early
 * departure still read the record's own wall clock.
 */
const OFFICE: ScheduleRule = {
  id: 1,
  startTime: '08:00',
  offTime: '16:00',
  totalHours: 8,
  restDays: ['Sunday', 'Monday'],
  fromDate: '2027-01-01',
  toDate: null,
  status: 'current',
};
const opened = (extra: Partial<AttendanceState> = {}): AttendanceState => ({
  id: 7,
  date: '2027-03-02',
  timezone: 'Europe/Lisbon',
  timeIn: '2027-03-02T08:12:00Z',
  timeOut: null,
  breaks: [],
  ...extra,
});
const punch = (over: Partial<PunchInput> & Pick<PunchInput, 'action' | 'now'>) =>
  decidePunch({
    timeZone: 'Europe/Madrid',
    schedules: [OFFICE],
    attendanceToday: opened(),
    attendanceYesterday: null,
    previousOpen: null,
    approvedLeaveDates: [],
    graceMinutes: 5,
    breaksPerDay: 1,
    timeFormat: '1',
    lang: 'en',
    ...over,
  });

describe('the clock engine reads an open attendance in its own zone', () => {
  it('says "already checked in at" in the zone of the record, not of today', () => {
    const d = punch({ action: 'check-in', now: '2027-03-02T10:00:00Z' });
    expect(d).toMatchObject({ ok: false, params: { time: '08:12' } });
  });

  it("measures an early departure against the shift end on the record's wall clock", () => {
    const d = punch({ action: 'check-out', now: '2027-03-02T15:30:00Z' });
    // 16:00 Lisbon is 16:00Z: 30 minutes early (in Madrid's 16:00 = 15:00Z it would be none).
    expect(d).toMatchObject({ ok: true, change: { earlyDepartureSeconds: 1800 } });
  });

  it('falls back to the company zone for a state without a stored zone', () => {
    const { timezone: _, ...bare } = opened();
    const d = punch({ action: 'check-in', now: '2027-03-02T10:00:00Z', attendanceToday: bare });
    expect(d).toMatchObject({ ok: false, params: { time: '09:12' } });
  });
});
