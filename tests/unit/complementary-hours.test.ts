import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { classifyComplementary, fitSplit, pactOn, voluntaryLimitSeconds, type ComplementaryPact } from '../../src/domain/worktime/complementary-hours.ts';
import { ComplementaryPactInput, OfferAnswerInput, VoluntaryOfferInput } from '../../src/domain/worktime/complementary-schema.ts';
import { capOvertimeOf, overtimeCapState } from '../../src/domain/worktime/overtime-cap.ts';
import { noticeDays, shortNotice, workTimeWarnings, DEFAULT_WARNING_LIMITS } from '../../src/domain/worktime/work-time-warnings.ts';

/** Issue 38 points 2 and 3 (decision 081): the classification, the cap's force majeure exclusion, the notice rule, the validation. */

const H = 3600;
const pact = (over: Partial<ComplementaryPact> = {}): ComplementaryPact => ({
  id: 1,
  employeeId: 1,
  signedOn: '2031-01-01',
  validFrom: '2031-01-01',
  validTo: null,
  sharePercent: 30,
  collectiveAgreement: 0,
  createdAt: '2031-01-01T00:00:00.000Z',
  authorId: null,
  ...over,
});
/** Ten working days of 4 h expected (40 h: a 30 % pact gives 12 h). */
const month = (extra: Record<string, number>) =>
  Array.from({ length: 10 }, (_, i) => {
    const date = `2031-03-${String(i + 1).padStart(2, '0')}`;
    return { date, expectedSeconds: 4 * H, complementarySeconds: (extra[date] ?? 0) * H };
  });

describe('classifyComplementary (one rule, month basis)', () => {
  it('counts hours as voluntary up to the offers accepted for that date, then agreed up to the pact share of the month, then beyond the pact', () => {
    const days = month({ '2031-03-02': 10, '2031-03-05': 4, '2031-03-09': 3 });
    const offers = [
      { date: '2031-03-05', seconds: 2 * H, status: 'accepted' as const },
      { date: '2031-03-06', seconds: 5 * H, status: 'declined' as const },
      { date: '2031-03-07', seconds: 5 * H, status: 'offered' as const },
    ];
    const out = classifyComplementary(days, { pacts: [pact()], offers });
    expect(out.agreedBudgetSeconds).toBe(12 * H);
    expect(out.voluntaryBudgetSeconds).toBe(2 * H);
    expect(out.days[1]).toEqual({ agreedSeconds: 10 * H, voluntarySeconds: 0, exceedingSeconds: 0, notAllowedSeconds: 0 });
    expect(out.days[4]).toEqual({ agreedSeconds: 2 * H, voluntarySeconds: 2 * H, exceedingSeconds: 0, notAllowedSeconds: 0 });
    // An offer accepted for another date is not used on this one.
    expect(out.days[8]).toEqual({ agreedSeconds: 0, voluntarySeconds: 0, exceedingSeconds: 3 * H, notAllowedSeconds: 0 });
  });

  it('flags every complementary hour as not allowed without a pact, except voluntary hours accepted for that date', () => {
    const out = classifyComplementary(month({ '2031-03-03': 3, '2031-03-04': 1 }), { pacts: [], offers: [{ date: '2031-03-03', seconds: H, status: 'accepted' }] });
    expect(out.days[2]).toEqual({ agreedSeconds: 0, voluntarySeconds: H, exceedingSeconds: 0, notAllowedSeconds: 2 * H });
    expect(out.days[3]).toEqual({ agreedSeconds: 0, voluntarySeconds: 0, exceedingSeconds: 0, notAllowedSeconds: H });
  });

  it('a pact covers only its dates: its budget is the share of the days it is in force, days outside are not allowed', () => {
    const out = classifyComplementary(month({ '2031-03-02': 1, '2031-03-08': 5 }), { pacts: [pact({ validFrom: '2031-03-06', sharePercent: 25 })], offers: [] });
    expect(out.agreedBudgetSeconds).toBe(5 * H); // 5 days × 4 h × 25 %
    expect(out.days[1]).toMatchObject({ notAllowedSeconds: H, agreedSeconds: 0 });
    expect(out.days[7]).toMatchObject({ agreedSeconds: 5 * H, exceedingSeconds: 0 });
  });

  it('pactOn takes the latest pact in force and ignores ended ones', () => {
    const pacts = [pact({ id: 1, validFrom: '2031-01-01', validTo: '2031-02-28' }), pact({ id: 2, validFrom: '2031-03-10', sharePercent: 10 })];
    expect(pactOn(pacts, '2031-02-28')?.id).toBe(1);
    expect(pactOn(pacts, '2031-03-05')).toBeNull();
    expect(pactOn(pacts, '2031-04-01')?.id).toBe(2);
  });

  it('fitSplit takes the holiday part off the last categories first', () => {
    expect(fitSplit({ agreedSeconds: 3, voluntarySeconds: 2, exceedingSeconds: 1, notAllowedSeconds: 0 }, 4)).toEqual({ agreedSeconds: 3, voluntarySeconds: 1, exceedingSeconds: 0, notAllowedSeconds: 0 });
  });

  it('the voluntary limit is 15 % of the month, 30 % by collective agreement', () => {
    expect(voluntaryLimitSeconds(100 * H, false)).toBe(15 * H);
    expect(voluntaryLimitSeconds(100 * H, true)).toBe(30 * H);
  });
});

describe('80 h cap and force majeure overtime (art. 35.3 ET)', () => {
  it('counts force majeure overtime apart, never as paid, so it cannot reach the cap', () => {
    const days = [
      { overtimeSeconds: 79 * H, overtimeCompensation: 'paid' as const },
      { overtimeSeconds: 10 * H, overtimeCompensation: 'paid' as const, forceMajeure: true },
      { overtimeSeconds: 2 * H, overtimeCompensation: null, forceMajeure: true },
    ];
    const split = capOvertimeOf(days);
    expect(split).toEqual({ paidSeconds: 79 * H, restSeconds: 0, unmarkedSeconds: 0, forceMajeureSeconds: 12 * H });
    expect(overtimeCapState(split)).toBe('warning');
    expect(overtimeCapState(capOvertimeOf(days.map((d) => ({ ...d, forceMajeure: false }))))).toBe('over');
  });
});

describe('3-day notice of complementary hours (art. 12.5.d ET)', () => {
  const day = { date: '2031-03-10', timeIn: '2031-03-10T08:00:00.000Z', timeOut: '2031-03-10T14:00:00.000Z', breaks: [], workedSeconds: 6 * H, ordinarySeconds: 4 * H, complementarySeconds: 2 * H };
  it('warns when the schedule in force changed less than 3 days before a day with complementary hours', () => {
    expect(noticeDays('2031-03-08', '2031-03-10')).toBe(2);
    expect(shortNotice({ ...day, scheduleChangedOn: '2031-03-08' })).toBe(true);
    expect(shortNotice({ ...day, scheduleChangedOn: '2031-03-07' })).toBe(false);
    expect(shortNotice({ ...day, complementarySeconds: 0, scheduleChangedOn: '2031-03-09' })).toBe(false);
    const warnings = workTimeWarnings([{ ...day, scheduleChangedOn: '2031-03-09', breaks: [{ startAt: '2031-03-10T11:00:00.000Z', endAt: '2031-03-10T11:30:00.000Z' }] }], DEFAULT_WARNING_LIMITS);
    expect(warnings).toEqual([{ date: '2031-03-10', kind: 'shortNotice', seconds: 86_400, limitSeconds: 3 * 86_400 }]);
  });
});

describe('validation (translated keys)', () => {
  const issues = (input: unknown) => {
    const r = v.safeParse(ComplementaryPactInput, input);
    return r.success ? [] : r.issues.map((i) => i.message);
  };
  const ok = { signedOn: '2031-01-01', validFrom: '2031-01-01', sharePercent: 30 };
  it('a pact is up to 30 %, or 60 % with the collective agreement, never more', () => {
    expect(issues(ok)).toEqual([]);
    expect(issues({ ...ok, sharePercent: 31 })).toEqual(['complementary.shareOver30']);
    expect(issues({ ...ok, sharePercent: 60, collectiveAgreement: true })).toEqual([]);
    expect(issues({ ...ok, sharePercent: 61, collectiveAgreement: true })).toEqual(['complementary.shareOver60']);
    expect(issues({ ...ok, sharePercent: 0 })).toEqual(['complementary.invalidShare']);
  });
  it('dates: signed on or before the start, an end not before the start', () => {
    expect(issues({ ...ok, signedOn: '2031-01-02' })).toEqual(['complementary.signedAfterStart']);
    expect(issues({ ...ok, validTo: '2030-12-31' })).toEqual(['complementary.endBeforeStart']);
    expect(issues({ ...ok, validFrom: '2031-02-30' })).toContain('validation.invalidDate');
  });
  it('an offer names minutes within a day; an answer is accept or decline', () => {
    expect(v.safeParse(VoluntaryOfferInput, { employee: 1, date: '2031-03-01', minutes: 0 }).success).toBe(false);
    expect(v.safeParse(VoluntaryOfferInput, { employee: 1, date: '2031-03-01', minutes: '90' }).success).toBe(true);
    expect(v.safeParse(OfferAnswerInput, { answer: 'maybe' }).success).toBe(false);
  });
});
