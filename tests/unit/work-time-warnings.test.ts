import { describe, expect, it } from 'vitest';
import { DEFAULT_WARNING_LIMITS, workTimeWarnings, type WarnDay } from '../../src/domain/worktime/work-time-warnings.ts';
import { breakRulesOf, warningLimitsOf } from '../../src/domain/worktime/worktime-settings.ts';
import { DEFAULT_SETTINGS } from '../../src/domain/settings/settings.ts';

const H = 3600;
const M = 60;
const day = (date: string, from: string, to: string | null, breaks: [string, string][] = []): WarnDay => {
  const timeIn = `${date}T${from}:00.000Z`;
  const timeOut = to === null ? null : `${to.length > 5 ? to : `${date}T${to}`}:00.000Z`;
  const pauses = breaks.map(([a, b]) => ({ startAt: `${date}T${a}:00.000Z`, endAt: `${date}T${b}:00.000Z` }));
  const breakSeconds = pauses.reduce((s, b) => s + (Date.parse(b.endAt) - Date.parse(b.startAt)) / 1000, 0);
  const workedSeconds = timeOut === null ? null : (Date.parse(timeOut) - Date.parse(timeIn)) / 1000 - breakSeconds;
  return { date, timeIn, timeOut, breaks: pauses, workedSeconds };
};

describe("Spain's working-day limits as warnings (decision 050)", () => {
  it('warns when more than 6 h of work had no break of 15 min (art. 34.4 ET)', () => {
    expect(workTimeWarnings([day('2026-03-02', '08:00', '14:00')], DEFAULT_WARNING_LIMITS)).toEqual([]); // exactly 6 h
    expect(workTimeWarnings([day('2026-03-02', '08:00', '14:01')], DEFAULT_WARNING_LIMITS)).toEqual([{ date: '2026-03-02', kind: 'shortBreak', seconds: 0, limitSeconds: 15 * M }]);
    expect(workTimeWarnings([day('2026-03-02', '08:00', '15:00', [['11:00', '11:10']])], DEFAULT_WARNING_LIMITS)).toEqual([{ date: '2026-03-02', kind: 'shortBreak', seconds: 10 * M, limitSeconds: 15 * M }]);
    expect(workTimeWarnings([day('2026-03-02', '08:00', '15:00', [['11:00', '11:15']])], DEFAULT_WARNING_LIMITS)).toEqual([]);
  });

  it('warns on the later day when the rest between two days is under 12 h (art. 34.3 ET), also across the period start', () => {
    const late = day('2026-03-02', '16:00', '2026-03-02T22:00'); // 6 h: no break needed
    const early = day('2026-03-03', '08:00', '14:00');
    expect(workTimeWarnings([early, late], DEFAULT_WARNING_LIMITS)).toEqual([{ date: '2026-03-03', kind: 'shortRest', seconds: 10 * H, limitSeconds: 12 * H }]);
    expect(workTimeWarnings([early], DEFAULT_WARNING_LIMITS, late)).toEqual([{ date: '2026-03-03', kind: 'shortRest', seconds: 10 * H, limitSeconds: 12 * H }]);
    expect(workTimeWarnings([day('2026-03-03', '10:00', '16:00')], DEFAULT_WARNING_LIMITS, late)).toEqual([]); // exactly 12 h
    // A previous day still open has no end to measure from.
    expect(workTimeWarnings([early], DEFAULT_WARNING_LIMITS, day('2026-03-02', '14:00', null))).toEqual([]);
  });

  it('warns beyond the daily ordinary hours unless agreed otherwise (0), and not on flagged work', () => {
    const long = day('2026-03-02', '07:00', '17:30', [['12:00', '13:00']]); // 9 h 30 min
    expect(workTimeWarnings([long], DEFAULT_WARNING_LIMITS)).toEqual([{ date: '2026-03-02', kind: 'longDay', seconds: 9 * H + 30 * M, limitSeconds: 9 * H }]);
    expect(workTimeWarnings([long], { ...DEFAULT_WARNING_LIMITS, maxOrdinarySeconds: 0 })).toEqual([]);
    expect(workTimeWarnings([{ ...long, workFlag: 'rest-day' }], DEFAULT_WARNING_LIMITS)).toEqual([]);
    expect(workTimeWarnings([day('2026-03-02', '07:00', null)], DEFAULT_WARNING_LIMITS)).toEqual([]); // open: not judged
  });

  it('reads the limits and break rules from the settings', () => {
    expect(warningLimitsOf({ ...DEFAULT_SETTINGS, maxOrdinaryDailyHours: 10 }).maxOrdinarySeconds).toBe(10 * H);
    expect(warningLimitsOf(DEFAULT_SETTINGS)).toEqual(DEFAULT_WARNING_LIMITS);
    expect(breakRulesOf({ ...DEFAULT_SETTINGS, breaksPaid: true })).toEqual({ breaksPaid: true, autoBreakAfterMinutes: 0, autoBreakMinutes: 30 });
  });
});
