import type { WorkingDayType } from './working-day.ts';

/**
 * The employee's contract terms that change a day's figures are effective-dated (issue 33 point 1,
 * decision 051 update), like the break rules: each change says from which date it applies and the
 * history is kept (`contract_terms_history`), so changing a worker's part-time share never
 * rewrites an earlier day. The working-day type decides whether hours beyond the day's expected
 * are complementary (part time) or overtime (full time); the percentage is printed on the record
 * and the payroll row.
 */
export interface ContractTerms {
  workingDayType: WorkingDayType;
  /** 1–99 for part time; null for full time. */
  partTimePercent: number | null;
}

/** One dated change of an employee's terms: in force from `effectiveFrom` (YYYY-MM-DD) until the next change. */
export interface ContractTermsChange extends ContractTerms {
  id: number;
  employeeId: number;
  effectiveFrom: string;
  createdAt: string;
  authorId: number | null;
}

/** The `effectiveFrom` of the terms an employee had from the beginning (the migration's and a new employee's first row). */
export const FROM_THE_BEGINNING = '0000-01-01';

/** The terms in force on each date of one employee. */
export type ContractTermsByDate = (date: string) => ContractTerms;

/**
 * The terms of `date`: from the change with the latest `effectiveFrom` on or before it (the later
 * written on a tie); `fallback` before any (an employee without history: its stored columns).
 */
export function contractTermsOn(history: readonly ContractTermsChange[], date: string, fallback: ContractTerms): ContractTerms {
  let found: ContractTermsChange | null = null;
  for (const c of history) {
    if (c.effectiveFrom > date) continue;
    if (!found || c.effectiveFrom > found.effectiveFrom || (c.effectiveFrom === found.effectiveFrom && c.id > found.id)) found = c;
  }
  return found ? { workingDayType: found.workingDayType, partTimePercent: found.partTimePercent } : fallback;
}

/** Whether two sets of terms say the same (the percentage only counts for part time). */
export function sameTerms(a: ContractTerms, b: ContractTerms): boolean {
  return a.workingDayType === b.workingDayType && (a.workingDayType === 'full-time' || a.partTimePercent === b.partTimePercent);
}

/**
 * Whether a day's figures treat the employee as part time: one answer for every day (a pure
 * test) or the terms in force on each date (`ContractTermsByDate`).
 */
export type PartTimeInput = boolean | ((date: string) => boolean);

/** The part-time answer of one day from either form of input. */
export const partTimeOn = (input: PartTimeInput | undefined, date: string): boolean => (typeof input === 'function' ? input(date) : input === true);

/** A `PartTimeInput` from the terms in force on each date. */
export const partTimeByDate =
  (terms: ContractTermsByDate): ((date: string) => boolean) =>
  (date) =>
    terms(date).workingDayType === 'part-time';

/** An employee's `PartTimeInput` from the terms of several (full time when unknown). */
export const partTimeOf = (terms: ReadonlyMap<number, ContractTermsByDate>, employeeId: number): PartTimeInput => {
  const own = terms.get(employeeId);
  return own ? partTimeByDate(own) : false;
};
