/**
 * Complementary hours of a part-time worker (art. 12.5 ET; issue 38 point 3, decision 081).
 *
 * - A **pact** ("pacto de horas complementarias") is signed per employee, dated (signed on, valid
 *   from, optionally to) and gives a share of the contract's ordinary hours: up to 30 %, up to 60 %
 *   where the collective agreement says so (`collectiveAgreement`).
 * - **Voluntary** complementary hours are offered apart, by date and duration, and the worker
 *   accepts or declines them: up to 15 % of the contract's ordinary hours, 30 % where the
 *   collective agreement of the pact in force says so.
 * - **Classification, one rule** (`classifyComplementary`): on a month basis, the record's own
 *   period. A day's complementary seconds (`dayFigures`: hours beyond the day's expected) are
 *   first *voluntary* up to the offers the worker accepted for that date, then *agreed* while the
 *   month's pact budget lasts (share × the month's planned contract hours of the days the pact
 *   is in force, past and to come, so the budget does not grow as the month goes on), and the rest is *exceeding* the pact, or *not allowed* on a day without a pact in
 *   force. Days are taken in date order, so a day keeps its category when later days are added.
 */

/** The largest pact share without (`base`) and with (`collective`) the collective agreement's extension. */
export const PACT_SHARE_LIMITS = { base: 30, collective: 60 } as const;
/** The largest share of voluntary hours offered, without and with the collective agreement. */
export const VOLUNTARY_SHARE_LIMITS = { base: 15, collective: 30 } as const;

/** A pact as the rule reads it. */
export interface ComplementaryPact {
  id: number;
  employeeId: number;
  signedOn: string;
  validFrom: string;
  /** Last day it applies (inclusive); null = open-ended. */
  validTo: string | null;
  /** 1–60: share of the contract's ordinary hours. */
  sharePercent: number;
  /** The collective agreement raises the limits (60 % pact, 30 % voluntary): 1/0. */
  collectiveAgreement: number;
  createdAt: string;
  authorId: number | null;
}

export const OFFER_STATUSES = ['offered', 'accepted', 'declined'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Voluntary complementary hours offered for a date. */
export interface VoluntaryOffer {
  id: number;
  employeeId: number;
  date: string;
  seconds: number;
  status: OfferStatus;
  offeredBy: number | null;
  offeredAt: string;
  answeredAt: string | null;
}

/** The pact in force on `date` (the latest `validFrom` on or before it whose `validTo` is not past), else null. */
export function pactOn(pacts: readonly ComplementaryPact[], date: string): ComplementaryPact | null {
  let found: ComplementaryPact | null = null;
  for (const p of pacts) {
    if (p.validFrom > date || (p.validTo !== null && p.validTo < date)) continue;
    if (!found || p.validFrom > found.validFrom || (p.validFrom === found.validFrom && p.id > found.id)) found = p;
  }
  return found;
}

/** A day's complementary seconds split by category: the four always add up to the day's complementary seconds. */
export interface ComplementarySplit {
  agreedSeconds: number;
  voluntarySeconds: number;
  exceedingSeconds: number;
  notAllowedSeconds: number;
}

export const NO_COMPLEMENTARY: Readonly<ComplementarySplit> = { agreedSeconds: 0, voluntarySeconds: 0, exceedingSeconds: 0, notAllowedSeconds: 0 };

/** What the classification reads of one day of the record. */
export interface ComplementaryDay {
  date: string;
  /** The contract's ordinary seconds of the day as planned (the record's `contractSeconds`): the base of the pact's share. */
  expectedSeconds: number;
  complementarySeconds: number;
}

/** The pacts and accepted offers of one employee. */
export interface ComplementaryInput {
  pacts: readonly ComplementaryPact[];
  offers: readonly Pick<VoluntaryOffer, 'date' | 'seconds' | 'status'>[];
}

/**
 * The month's complementary hours by category, day by day (see the module's comment). `days` are
 * the period's days (a month); offers outside them are ignored. Returns one split per day, in the
 * order given, and the budget each category had.
 */
export function classifyComplementary(days: readonly ComplementaryDay[], input: ComplementaryInput): { days: ComplementarySplit[]; agreedBudgetSeconds: number; voluntaryBudgetSeconds: number } {
  const dates = new Set(days.map((d) => d.date));
  let agreedBudget = 0;
  for (const d of days) {
    const pact = pactOn(input.pacts, d.date);
    if (pact) agreedBudget += Math.round((d.expectedSeconds * pact.sharePercent) / 100);
  }
  // Voluntary hours are offered for a date: accepted offers count on their own date only.
  const voluntaryOn = new Map<string, number>();
  for (const o of input.offers) if (o.status === 'accepted' && dates.has(o.date)) voluntaryOn.set(o.date, (voluntaryOn.get(o.date) ?? 0) + o.seconds);
  const agreedBudgetSeconds = agreedBudget;
  const voluntaryBudgetSeconds = [...voluntaryOn.values()].reduce((a, b) => a + b, 0);
  const order = days.map((_, i) => i).sort((a, b) => days[a]!.date.localeCompare(days[b]!.date));
  const out: ComplementarySplit[] = days.map(() => ({ ...NO_COMPLEMENTARY }));
  for (const i of order) {
    const day = days[i]!;
    let left = day.complementarySeconds;
    if (left <= 0) continue;
    const split = out[i]!;
    // First the hours the worker accepted for that very day, then the pact's budget of the month.
    split.voluntarySeconds = Math.min(left, voluntaryOn.get(day.date) ?? 0);
    left -= split.voluntarySeconds;
    const pact = pactOn(input.pacts, day.date);
    if (pact) {
      split.agreedSeconds = Math.min(left, agreedBudget);
      agreedBudget -= split.agreedSeconds;
      left -= split.agreedSeconds;
    }
    if (pact) split.exceedingSeconds = left;
    else split.notAllowedSeconds = left;
  }
  return { days: out, agreedBudgetSeconds, voluntaryBudgetSeconds };
}

/** The sum of several splits. */
export function sumSplits(splits: readonly ComplementarySplit[]): ComplementarySplit {
  const out = { ...NO_COMPLEMENTARY };
  for (const s of splits) {
    out.agreedSeconds += s.agreedSeconds;
    out.voluntarySeconds += s.voluntarySeconds;
    out.exceedingSeconds += s.exceedingSeconds;
    out.notAllowedSeconds += s.notAllowedSeconds;
  }
  return out;
}

/** The most voluntary seconds that may be offered in a month: the limit share of the month's expected (contract) seconds. */
export function voluntaryLimitSeconds(monthExpectedSeconds: number, collectiveAgreement: boolean): number {
  const share = collectiveAgreement ? VOLUNTARY_SHARE_LIMITS.collective : VOLUNTARY_SHARE_LIMITS.base;
  return Math.floor((monthExpectedSeconds * share) / 100);
}

/** The share limit of a pact (30 %, or 60 % by collective agreement). */
export const pactShareLimit = (collectiveAgreement: boolean): number => (collectiveAgreement ? PACT_SHARE_LIMITS.collective : PACT_SHARE_LIMITS.base);

/**
 * A day's split fitted to `seconds` when payroll counts fewer complementary seconds than the
 * record (the part worked on a holiday is holiday work there): taken off the last categories
 * first (not allowed, exceeding, voluntary, agreed). More seconds than the split (a holiday's
 * extra) go to the last category the split used, else to "not allowed".
 */
export function fitSplit(split: ComplementarySplit, seconds: number): ComplementarySplit {
  const order = ['notAllowedSeconds', 'exceedingSeconds', 'voluntarySeconds', 'agreedSeconds'] as const;
  const out = { ...split };
  let extra = out.agreedSeconds + out.voluntarySeconds + out.exceedingSeconds + out.notAllowedSeconds - seconds;
  for (const key of order) {
    if (extra <= 0) break;
    const cut = Math.min(extra, out[key]);
    out[key] -= cut;
    extra -= cut;
  }
  if (extra < 0) out[order.find((k) => split[k] > 0) ?? 'notAllowedSeconds'] -= extra;
  return out;
}
