/**
 * The yearly overtime cap of art. 35.2 ET (decision 049): at most 80 hours of overtime a year.
 * Overtime compensated with rest within the four months after it was worked does not count
 * toward it. Here:
 * - the year is the calendar year of the day worked (the Statute says "al año"; a collective
 *   agreement may say otherwise, which Jornada does not model);
 * - **paid** overtime counts; overtime marked **compensated with rest** does not (the company
 *   commits to giving the rest within four months; the balance keeps it owed until TOIL is taken);
 * - **unmarked** overtime does not count yet, but it is shown with the paid hours in the warning,
 *   since it may still be marked paid.
 * - overtime marked **force majeure** (art. 35.3 ET: to prevent or repair extraordinary and urgent
 *   damage; issue 38 point 2, decision 081) is never counted toward the cap, whatever its
 *   compensation: it is counted apart (`forceMajeureSeconds`).
 * Warning from 70 h; marking a day's overtime as paid is refused when it takes the year's paid
 * overtime beyond 80 h, unless the administrator overrides explicitly with a reason (audited).
 */

export const OVERTIME_CAP_SECONDS = 80 * 3600;
export const OVERTIME_WARNING_SECONDS = 70 * 3600;

/** `ok` below 70 h; `warning` from 70 h; `reached` at exactly 80 h; `over` beyond 80 h. */
export type OvertimeCapState = 'ok' | 'warning' | 'reached' | 'over';

export interface YearOvertime {
  year: number;
  paidSeconds: number;
  restSeconds: number;
  unmarkedSeconds: number;
  /** Force majeure overtime (art. 35.3 ET): apart, never in the cap, paid or rested. */
  forceMajeureSeconds: number;
}

/** What the cap reads of one day of the record. */
export interface CapDay {
  overtimeSeconds: number;
  overtimeCompensation: 'paid' | 'rest' | null;
  /** The day's overtime is marked force majeure (a reason is recorded). */
  forceMajeure?: boolean;
}

/**
 * The days' overtime split for the cap: force majeure apart (whatever its compensation), the rest
 * by compensation. Every screen and check of the 80 h cap reads this one split.
 */
export function capOvertimeOf(days: readonly CapDay[]): Omit<YearOvertime, 'year'> {
  const out = { paidSeconds: 0, restSeconds: 0, unmarkedSeconds: 0, forceMajeureSeconds: 0 };
  for (const d of days) {
    if (d.overtimeSeconds <= 0) continue;
    if (d.forceMajeure) out.forceMajeureSeconds += d.overtimeSeconds;
    else if (d.overtimeCompensation === 'paid') out.paidSeconds += d.overtimeSeconds;
    else if (d.overtimeCompensation === 'rest') out.restSeconds += d.overtimeSeconds;
    else out.unmarkedSeconds += d.overtimeSeconds;
  }
  return out;
}

/** The state of a year's overtime: paid hours decide `reached`/`over`; paid plus unmarked the warning. */
export function overtimeCapState(year: Pick<YearOvertime, 'paidSeconds' | 'unmarkedSeconds'>): OvertimeCapState {
  if (year.paidSeconds > OVERTIME_CAP_SECONDS) return 'over';
  if (year.paidSeconds === OVERTIME_CAP_SECONDS) return 'reached';
  return year.paidSeconds + year.unmarkedSeconds >= OVERTIME_WARNING_SECONDS ? 'warning' : 'ok';
}

/**
 * Whether a change of the year's paid overtime from `beforeSeconds` to `afterSeconds` must be
 * refused: only when it grows and ends beyond the cap. A change that lowers it, or leaves it as
 * it was (a correction of a day that is not paid), is never refused, so a year already beyond
 * the cap by an override can still be corrected.
 */
export function capRefuses(beforeSeconds: number, afterSeconds: number): boolean {
  return afterSeconds > beforeSeconds && afterSeconds > OVERTIME_CAP_SECONDS;
}
