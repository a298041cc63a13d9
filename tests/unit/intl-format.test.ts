import { describe, expect, it } from 'vitest';
import { formatDate, formatDuration, formatLocalDate, formatNumber, formatTime } from '../../src/domain/format/intl-format.ts';

describe('Intl formatting in the language and the company time zone', () => {
  const instant = '2026-07-01T07:05:00Z';

  it('formats times in the company zone, 24-hour or 12-hour', () => {
    expect(formatTime(instant, 'es', 'Europe/Lisbon')).toBe('08:05');
    expect(formatTime(instant, 'es', 'Europe/Madrid')).toBe('09:05');
    expect(formatTime(instant, 'en', 'Europe/Madrid', '2')).toMatch(/^9:05\s?am$/i);
  });

  it('formats dates for the language; the zone decides the calendar day', () => {
    expect(formatDate('2026-11-20T23:30:00Z', 'es', 'Europe/Madrid')).toBe('21/11/2026');
    expect(formatDate('2026-11-20T23:30:00Z', 'es', 'Europe/Lisbon')).toBe('20/11/2026');
    expect(formatDate('2026-11-21T10:00:00Z', 'es', 'Europe/Madrid', 'long')).toBe('sábado, 21 de noviembre de 2026');
    expect(formatDate('2026-11-21T10:00:00Z', 'en', 'Europe/Madrid', 'long')).toMatch(/^Saturday,? 21 November 2026$/);
    expect(formatLocalDate('2026-03-29', 'en')).toBe('29/03/2026');
  });

  it('formats numbers and durations', () => {
    expect(formatNumber(1234.5, 'es')).toBe('1234,5');
    expect(formatNumber(12345.5, 'es')).toBe('12.345,5');
    expect(formatNumber(12345.5, 'en')).toBe('12,345.5');
    expect(formatDuration(27000, 'es')).toBe('7 h 30 min');
    expect(formatDuration(300, 'en')).toBe('0 h 05 min');
  });
});
