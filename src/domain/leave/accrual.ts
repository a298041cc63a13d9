/**
 * How many days of a leave type a year grants one employee (decision 053): the yearly allowance
 * prorated to the part of the year they are employed, or days earned per month worked (accrual),
 * plus unused days carried over from the year before until an expiry date. Pure and exact: every
 * figure is a multiple of half a day.
 */

/** The employee's employment (`YYYY-MM-DD`, inclusive); null = not known (open ended). */
export interface Employment {
  start: string | null;
  end: string | null;
  /**
   * The first year Jornada keeps the employee's leave (the year they were recorded): nothing is
   * carried into it, since the leave they took before is unknown.
   */
  firstLedgerYear: number;
}

/**
 * An employee's employment for the ledger: start and end dates, and the first ledger year — the
 * year they were recorded, or of their first leave in Jornada when that is earlier (leave entered
 * after the fact).
 */
export function employmentOf(employee: { officialStartDate: string | null; endDate: string | null; createdAt: string }, leaves: readonly { from: string }[]): Employment {
  let first = Number(employee.createdAt.slice(0, 4));
  for (const l of leaves) first = Math.min(first, Number(l.from.slice(0, 4)));
  return { start: employee.officialStartDate, end: employee.endDate, firstLedgerYear: first };
}

/** A leave type's allowance rules (`leave_types`). */
export interface AllowanceRules {
  /** Yearly allowance in working days; null = no yearly cap. */
  daysPerYear: number | null;
  /** Days earned per month worked; null = the yearly allowance is granted up front. */
  accrualDaysPerMonth?: number | null;
  /** Most unused days that pass to the next year; null or 0 = none. */
  carryOverMaxDays?: number | null;
  /** `MM-DD` of the next year after which carried days lapse; null = they do not lapse. */
  carryOverExpiry?: string | null;
}

/** Rounds up to the next half day (in the employee's favour, as collective agreements usually do). */
export function roundUpToHalfDay(days: number): number {
  // 1e-9 absorbs float noise (1.83 × 12 is 21.960000000000004); `+ 0` turns -0 into 0.
  return Math.ceil(days * 2 - 1e-9) / 2 + 0;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** Calendar days of [from, to] (inclusive) during which the employee is employed. */
export function employedDays(employment: Pick<Employment, 'start' | 'end'>, from: string, to: string): number {
  const a = employment.start && employment.start > from ? employment.start : from;
  const b = employment.end && employment.end < to ? employment.end : to;
  return b < a ? 0 : dayNumber(b) - dayNumber(a) + 1;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const monthRange = (year: number, month: number) => [`${year}-${pad(month)}-01`, `${year}-${pad(month)}-${pad(daysInMonth(year, month))}`] as const;
const daysOfYear = (year: number) => dayNumber(`${year}-12-31`) - dayNumber(`${year}-01-01`) + 1;

/** Whether a type has a cap at all: a yearly allowance or an accrual rate. */
export function isLimited(rules: AllowanceRules): boolean {
  return rules.daysPerYear !== null || (rules.accrualDaysPerMonth ?? null) !== null;
}

/**
 * The days a year grants, counting months up to `throughMonth` (1–12) for accrual; null for an
 * unlimited type.
 *
 * - Yearly allowance: `daysPerYear × employed days of the year / days of the year`, rounded up to
 *   half a day; exactly `daysPerYear` for someone employed the whole year.
 * - Accrual: `accrualDaysPerMonth` for every month through `throughMonth`, each month weighted by
 *   the share of its days the employee is employed (a joiner on the 16th of a 30-day month earns
 *   15/30 of it), the sum rounded up to half a day, and never more than the prorated yearly
 *   allowance when the type has one.
 */
export function yearEntitlement(rules: AllowanceRules, employment: Pick<Employment, 'start' | 'end'>, year: number, throughMonth = 12): number | null {
  if (!isLimited(rules)) return null;
  let yearly: number | null = null;
  if (rules.daysPerYear !== null) {
    const employed = employedDays(employment, `${year}-01-01`, `${year}-12-31`);
    const share = employed / daysOfYear(year);
    yearly = share === 1 ? rules.daysPerYear : roundUpToHalfDay(rules.daysPerYear * share);
  }
  const rate = rules.accrualDaysPerMonth ?? null;
  if (rate === null) return yearly;
  let earned = 0;
  for (let m = 1; m <= Math.min(12, throughMonth); m++) {
    const [from, to] = monthRange(year, m);
    earned += (rate * employedDays(employment, from, to)) / daysInMonth(year, m);
  }
  const accrued = roundUpToHalfDay(earned);
  return yearly === null ? accrued : Math.min(accrued, yearly);
}

/**
 * The last month whose accrual counts in a year's balance: the month of `asOf` in its own year (12
 * for a past year, 0 for a future one), raised to the month of the latest leave day of the type in
 * that year, so the leave of a year is set against what is earned by the time it is taken.
 */
export function accrualHorizon(year: number, asOf: string, latestLeaveDay: string | null): number {
  const asOfYear = Number(asOf.slice(0, 4));
  const base = asOfYear > year ? 12 : asOfYear < year ? 0 : Number(asOf.slice(5, 7));
  const leave = latestLeaveDay && latestLeaveDay.startsWith(`${year}-`) ? Number(latestLeaveDay.slice(5, 7)) : 0;
  return Math.max(base, leave);
}

/** The standing leave of one type in one year, as the ledger needs it. */
export interface YearUse {
  /** Working days of approved and pending leave in the year. */
  days: number;
  /** Of those, the ones on or before the carry-over expiry (all of them when nothing expires). */
  daysBeforeExpiry: number;
  /** The latest working day of that leave in the year, if any. */
  latestDay: string | null;
}

export interface YearLedger {
  /** Days the year grants (prorated or accrued through the horizon); null = unlimited. */
  entitled: number | null;
  /** Days carried over from the previous year. */
  carriedOver: number;
  /** The day the carried days lapse (null when none were carried or they do not lapse). */
  carryOverExpires: string | null;
  /** Carried days the year's leave used (leave before the expiry draws on them first). */
  carriedUsed: number;
  /** The year's leave drawn on its own entitlement. */
  ownUsed: number;
}

/** The expiry date in `year` of days carried into it, or null when they do not lapse. */
export function carryOverExpiryIn(rules: AllowanceRules, year: number): string | null {
  return rules.carryOverExpiry ? `${year}-${rules.carryOverExpiry}` : null;
}

/**
 * One year of a type's ledger. Days carried in are used first (they lapse), but only by leave on
 * or before their expiry; the rest of the year's leave draws on the year's own entitlement.
 */
export function yearLedger(rules: AllowanceRules, employment: Employment, year: number, use: YearUse, carriedOver: number, throughMonth: number): YearLedger {
  const carriedUsed = Math.min(carriedOver, use.daysBeforeExpiry);
  return {
    entitled: yearEntitlement(rules, employment, year, throughMonth),
    carriedOver,
    carryOverExpires: carriedOver > 0 ? carryOverExpiryIn(rules, year) : null,
    carriedUsed,
    ownUsed: use.days - carriedUsed,
  };
}

/**
 * Days carried from `year - 1` into `year`: the previous year's unused own entitlement (the whole
 * year's, whatever the accrual horizon), at most `carryOverMaxDays`. Carried days never pass on a
 * second time. Worked forward from the employee's first ledger year (nothing carried into it);
 * `useOf(y)` gives the standing leave of each year.
 */
export function carriedInto(rules: AllowanceRules, employment: Employment, year: number, useOf: (year: number) => YearUse): number {
  const max = rules.carryOverMaxDays ?? 0;
  if (max <= 0 || !isLimited(rules)) return 0;
  // Bounded: at most 50 years are replayed.
  const first = Math.max(employment.firstLedgerYear, employment.start ? Number(employment.start.slice(0, 4)) : employment.firstLedgerYear, year - 50);
  let carried = 0;
  for (let y = first; y < year; y++) {
    const ledger = yearLedger(rules, employment, y, useOf(y), carried, 12);
    carried = Math.min(max, Math.max(0, (ledger.entitled ?? 0) - ledger.ownUsed));
  }
  return carried;
}
