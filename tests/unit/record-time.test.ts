import { describe, expect, it } from 'vitest';
import { formatRecordTime, formatTimeOfRecord, isNextDayOf } from '../../src/domain/format/record-time.ts';

describe('formatRecordTime (decision 027)', () => {
  const record = { date: '2027-03-02', timezone: 'Europe/Lisbon' };

  it('shows an instant on the wall clock of the zone it is given', () => {
    expect(formatRecordTime('2027-03-02T21:02:00Z', 'Europe/Lisbon', 'es')).toBe('21:02');
    expect(formatRecordTime('2027-03-02T21:02:00Z', 'Europe/Madrid', 'es')).toBe('22:02');
    expect(formatRecordTime('2027-03-02T21:02:00Z', 'Europe/Lisbon', 'en', '2')).toMatch(/^9:02\sPM$/i);
  });

  it('marks a time on the day after the work date', () => {
    expect(isNextDayOf('2027-03-03T06:00:00Z', record)).toBe(true);
    expect(isNextDayOf('2027-03-02T23:59:00Z', record)).toBe(false);
    expect(formatTimeOfRecord('2027-03-03T06:00:00Z', record, 'en', '1', ' (+1)')).toBe('06:00 (+1)');
    expect(formatTimeOfRecord('2027-03-02T21:02:00Z', record, 'en', '1', ' (+1)')).toBe('21:02');
  });
});
