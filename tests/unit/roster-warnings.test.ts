import { describe, expect, it } from 'vitest';
import { rosterWarnings, type EmployeePlanInput, type RosterWarningInput } from '../../src/domain/roster/roster-warnings.ts';
import { rosterWarningNote, rosterWarningText } from '../../src/domain/roster/roster-warning-text.ts';
import type { ScheduleRule } from '../../src/domain/schedules/schedule-rules.ts';
import es from '../../src/i18n/es.json';

// Week of Monday 2026-03-02 (Europe/Madrid, UTC+1 in winter). `now` is Monday 10:00 local.
const NOW = '2026-03-02T09:00:00.000Z';
const FULL_TIME = { workingDayType: 'full-time' as const, partTimePercent: null };
const shift = (date: string, startTime: string, endTime: string, breakMinutes = 0) => ({ date, startTime, endTime, breakMinutes });
const pattern = (startTime: string, offTime: string, totalHours: number): ScheduleRule => ({
  id: 1,
  startTime,
  offTime,
  totalHours,
  restDays: ['Saturday', 'Sunday'],
  fromDate: '2026-01-01',
  toDate: null,
  status: 'current',
});
const worker = (over: Partial<EmployeePlanInput> = {}): EmployeePlanInput => ({
  employee: 7,
  shifts: [],
  published: [],
  leaveDates: [],
  holidays: [],
  contractOn: () => FULL_TIME,
  pactOn: () => false,
  patternOn: () => undefined,
  ...over,
});
// Published as drafted (so no notice rule fires unless a test asks for it).
const asPublished = (shifts: ReturnType<typeof shift>[]) => shifts.map((s) => ({ ...s, kind: 'shift' as const }));
const run = (e: EmployeePlanInput, over: Partial<RosterWarningInput> = {}) =>
  rosterWarnings({ from: '2026-03-02', to: '2026-03-08', timeZone: 'Europe/Madrid', now: NOW, maxOrdinaryDailyHours: 9, employees: [e], ...over });
const planned = (shifts: ReturnType<typeof shift>[], over: Partial<EmployeePlanInput> = {}) => worker({ shifts, published: asPublished(shifts), ...over });
const kinds = (ws: { kind: string; date: string }[]) => ws.map((w) => `${w.date} ${w.kind}`);

describe('roster warnings (issue 39 point 4, decision 088)', () => {
  it('warns of a shift on a day of approved leave or a company holiday, only where a shift is planned', () => {
    const e = planned([shift('2026-03-03', '09:00', '17:00', 60), shift('2026-03-04', '09:00', '17:00', 60)], { leaveDates: ['2026-03-03', '2026-03-05'], holidays: ['2026-03-04', '2026-03-06'] });
    expect(run(e)).toEqual([
      { employee: 7, date: '2026-03-03', kind: 'leave' },
      { employee: 7, date: '2026-03-04', kind: 'holiday' },
    ]);
  });

  it('warns on the later day when the rest between shifts is under 12 h (art. 34.3 ET), the day before the range included', () => {
    const e = planned([shift('2026-03-01', '14:00', '22:00', 30), shift('2026-03-02', '08:00', '16:00', 30), shift('2026-03-03', '10:00', '18:00', 30)]);
    // Sunday 22:00 → Monday 08:00 = 10 h; Monday 16:00 → Tuesday 10:00 = 18 h.
    expect(run(e)).toEqual([{ employee: 7, date: '2026-03-02', kind: 'shortRest', restMinutes: 600, limitMinutes: 720 }]);
    // Exactly 12 h is enough.
    expect(run(planned([shift('2026-03-01', '14:00', '22:00', 30), shift('2026-03-02', '10:00', '18:00', 30)]))).toEqual([]);
  });

  it("outside the range and never published, the worker's pattern is what the rest is measured from", () => {
    const e = planned([shift('2026-03-03', '08:00', '14:00')], { patternOn: () => pattern('14:00', '22:00', 7.5) });
    expect(kinds(run(e, { from: '2026-03-03', to: '2026-03-03' }))).toContain('2026-03-03 shortRest');
    // Inside the range an empty cell is a rest day (publishing writes rest there).
    expect(kinds(run(e, { from: '2026-03-02', to: '2026-03-03' }))).not.toContain('2026-03-03 shortRest');
  });

  it('a Sunday night shift counts in its own ISO week and against Monday’s rest', () => {
    const halfTime = () => ({ workingDayType: 'part-time' as const, partTimePercent: 50 }); // 20 h a week
    const e = planned([shift('2026-03-06', '09:00', '17:00'), shift('2026-03-07', '09:00', '17:00'), shift('2026-03-08', '22:00', '06:00'), shift('2026-03-09', '07:00', '15:00')], { contractOn: halfTime });
    expect(run(e, { to: '2026-03-15' })).toEqual([
      { employee: 7, date: '2026-03-02', kind: 'weeklyHours', plannedMinutes: 24 * 60, limitMinutes: 20 * 60 },
      { employee: 7, date: '2026-03-09', kind: 'shortRest', restMinutes: 60, limitMinutes: 720 },
    ]);
  });

  it('warns of more work in a shift than the daily ordinary hours, unless agreed otherwise (0)', () => {
    const e = planned([shift('2026-03-02', '07:00', '17:30', 60)]); // 9 h 30 min
    expect(run(e)).toEqual([{ employee: 7, date: '2026-03-02', kind: 'longDay', workMinutes: 570, limitMinutes: 540 }]);
    expect(run(e, { maxOrdinaryDailyHours: 0 })).toEqual([]);
    expect(run(planned([shift('2026-03-02', '07:00', '17:00', 60)]))).toEqual([]); // exactly 9 h
    // The setting is effective-dated: the limit of the shift's own date.
    expect(run(e, { maxOrdinaryDailyHours: (date) => (date < '2026-03-02' ? 9 : 10) })).toEqual([]);
  });

  it("warns when a week's planned hours exceed the contract's: 40 h full time, 40 h × percent part time", () => {
    const days = ['02', '03', '04', '05', '06'].map((d) => shift(`2026-03-${d}`, '08:00', '17:00', 60)); // 5 × 8 h
    expect(run(planned(days))).toEqual([]);
    expect(run(planned([...days, shift('2026-03-07', '08:00', '10:00')]))).toEqual([{ employee: 7, date: '2026-03-02', kind: 'weeklyHours', plannedMinutes: 42 * 60, limitMinutes: 40 * 60 }]);
    const part = planned(days.slice(0, 3), { contractOn: () => ({ workingDayType: 'part-time', partTimePercent: 50 }) });
    expect(run(part)).toEqual([{ employee: 7, date: '2026-03-02', kind: 'weeklyHours', plannedMinutes: 24 * 60, limitMinutes: 20 * 60 }]);
  });

  it('warns of two shifts overlapping in real time, not of a short rest as well', () => {
    const e = planned([shift('2026-03-02', '22:00', '08:00'), shift('2026-03-03', '07:00', '15:00')]);
    expect(run(e, { maxOrdinaryDailyHours: 0 })).toEqual([{ employee: 7, date: '2026-03-03', kind: 'overlap', overlapMinutes: 60 }]);
  });

  it('measures a DST night in real time (Europe/Madrid): 22:00–06:00 is 7 h in March and 9 h in October, and so is the rest', () => {
    const rules = { maxOrdinaryDailyHours: 8, timeZone: 'Europe/Madrid' };
    const spring = planned([shift('2026-03-28', '22:00', '06:00')]);
    expect(run(spring, { ...rules, from: '2026-03-28', to: '2026-03-28' })).toEqual([]);
    const autumn = planned([shift('2026-10-24', '22:00', '06:00')]);
    expect(run(autumn, { ...rules, from: '2026-10-24', to: '2026-10-24' })).toEqual([{ employee: 7, date: '2026-10-24', kind: 'longDay', workMinutes: 540, limitMinutes: 480 }]);
    // 22:00 Saturday → 10:00 Sunday reads 12 h on the wall clock but is 11 h in spring and 13 h in autumn.
    const springRest = planned([shift('2026-03-28', '14:00', '22:00'), shift('2026-03-29', '10:00', '14:00')]);
    expect(run(springRest, { ...rules, from: '2026-03-28', to: '2026-03-29' })).toEqual([{ employee: 7, date: '2026-03-29', kind: 'shortRest', restMinutes: 660, limitMinutes: 720 }]);
    const autumnRest = planned([shift('2026-10-24', '14:00', '22:00'), shift('2026-10-25', '10:00', '14:00')]);
    expect(run(autumnRest, { ...rules, from: '2026-10-24', to: '2026-10-25' })).toEqual([]);
  });

  describe('late notice', () => {
    const usual = () => pattern('09:00', '17:00', 7); // Monday to Friday, 1 h break
    // Thursday 2026-03-05 starts (local midnight) 2 days 14 h after NOW; Monday 2026-03-09, 6 days 14 h after.
    it('warns of a change under 5 days before the day that departs from the pattern (art. 34.2 ET)', () => {
      const e = worker({ shifts: [shift('2026-03-05', '10:00', '18:00', 60), shift('2026-03-09', '10:00', '18:00', 60)], patternOn: usual });
      expect(run(e, { to: '2026-03-09', maxOrdinaryDailyHours: 0 })).toEqual([{ employee: 7, date: '2026-03-05', kind: 'lateNotice', noticeDays: 2, limitDays: 5 }]);
    });

    it('does not warn of a day as published, of the pattern’s own times, or of an empty cell never published', () => {
      const asUsual = worker({ shifts: [shift('2026-03-05', '09:00', '17:00', 60)], patternOn: usual });
      expect(run(asUsual)).toEqual([]);
      const unchanged = planned([shift('2026-03-05', '10:00', '18:00', 60)], { patternOn: usual });
      expect(run(unchanged)).toEqual([]);
      expect(run(worker({ patternOn: usual }))).toEqual([]);
    });

    it('warns when a published shift on a working day of the pattern is taken away', () => {
      const removed = worker({ published: asPublished([shift('2026-03-04', '09:00', '17:00', 60)]), patternOn: usual });
      expect(run(removed)).toEqual([{ employee: 7, date: '2026-03-04', kind: 'lateNotice', noticeDays: 1, limitDays: 5 }]);
    });

    it("warns under 3 days before a pacted part-timer's complementary hours (art. 12.5 ET), and of moved ordinary hours too", () => {
      const part = { contractOn: () => ({ workingDayType: 'part-time' as const, partTimePercent: 50 }), patternOn: () => pattern('09:00', '13:00', 4), pactOn: () => true };
      // Wednesday 2026-03-04: 1 day of notice. Extending the pattern's 4 h to 6 h is complementary only.
      expect(run(worker({ ...part, shifts: [shift('2026-03-04', '09:00', '15:00')] }))).toEqual([{ employee: 7, date: '2026-03-04', kind: 'lateNoticeComplementary', noticeDays: 1, limitDays: 3 }]);
      // Moving the day as well needs the 5 days.
      expect(kinds(run(worker({ ...part, shifts: [shift('2026-03-04', '16:00', '22:00')] })))).toEqual(['2026-03-04 lateNotice', '2026-03-04 lateNoticeComplementary']);
      // Friday has 3 days of notice: enough for complementary hours.
      expect(run(worker({ ...part, shifts: [shift('2026-03-06', '09:00', '15:00')] }))).toEqual([]);
      // Without a pact there are no complementary hours: the change is a departure from the pattern.
      expect(kinds(run(worker({ ...part, pactOn: () => false, shifts: [shift('2026-03-04', '09:00', '15:00')] })))).toEqual(['2026-03-04 lateNotice']);
    });
  });

  it('reads as a sentence with the measured value and the limit', () => {
    const w = { employee: 7, date: '2026-03-02', kind: 'shortRest' as const, restMinutes: 600, limitMinutes: 720 };
    expect(rosterWarningNote(w, 'en')).toEqual({ key: 'roster.warnings.shortRest', params: { measured: '10 h 00 min', limit: '12 h 00 min' } });
    const t = (key: string, params: Record<string, unknown> = {}) => {
      const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], es) as string;
      return text.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p]));
    };
    expect(rosterWarningText({ employee: 7, date: '2026-03-05', kind: 'lateNotice', noticeDays: 3, limitDays: 5 }, 'es', t)).toBe(
      'Cambio de horario con 3 días de preaviso: la distribución irregular necesita al menos 5 (art. 34.2 ET)',
    );
  });
});
