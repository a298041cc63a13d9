import type { DayKind } from '../reports/day-calendar.ts';
import type { OvertimeCompensation } from '../reports/monthly-record.ts';

/**
 * The hours balance of one employee (issue 21 point 1, decision 049): time counted as work minus
 * time expected, day by day, from the balance's start to the day before today (today joins once
 * it is closed), with
 * - overtime marked **paid** taken out (it was settled in money);
 * - overtime compensated with rest, or not marked, left in (it is owed in time);
 * - a day of **time off in lieu** (TOIL: approved leave of a type that draws from the balance)
 *   expecting its scheduled hours, so it debits the balance by them;
 * - a past working day with neither work nor leave (absent) debiting its expected hours;
 * - an open day (no check-out: a forgotten check-out) counted neither way until it is closed.
 *
 * Pure: the days come from the monthly record (`buildMonthlyRecord`), which already knows
 * schedules, holidays, approved leave, DST and flagged work. All figures are integer seconds.
 */

/** One day as the balance reads it. */
export interface BalanceDay {
  date: string;
  kind: DayKind;
  /** Seconds that count as work (break rules applied); null without a closed attendance. */
  countedSeconds: number | null;
  /** What the record expects (0 on leave, rest days, holidays, flagged work). */
  expectedSeconds: number;
  /** The record's overtime of the day: counted beyond expected. */
  overtimeSeconds: number;
  overtimeCompensation: OvertimeCompensation | null;
  /** The day's overtime is force majeure (art. 35.3 ET): apart in the 80 h cap (decision 081). */
  forceMajeure?: boolean;
  /** Scheduled seconds of a TOIL day (approved leave drawing from the balance, worked or not); 0 otherwise. */
  toilSeconds: number;
}

export interface HoursBalance {
  /** Sum of counted seconds of closed days. */
  countedSeconds: number;
  /** Sum of expected seconds, TOIL days' scheduled hours included. */
  expectedSeconds: number;
  /** Overtime of the period (sum of the days'). */
  overtimeSeconds: number;
  /** Overtime marked paid: left the balance. */
  paidSeconds: number;
  /** Overtime marked compensated with rest (stays in the balance until taken as TOIL). */
  restSeconds: number;
  /** Hours taken as time off in lieu (debited). */
  toilSeconds: number;
  /** Days not counted because they have no check-out. */
  openDays: number;
  /** counted − expected − paid: positive = credit (owed to the employee), negative = debit. */
  balanceSeconds: number;
}

/** How one day moves the balance (0 for an open or upcoming day). */
export function balanceDelta(day: BalanceDay): number {
  if (day.kind === 'open' || day.kind === 'upcoming') return 0;
  const paid = day.overtimeCompensation === 'paid' ? day.overtimeSeconds : 0;
  return (day.countedSeconds ?? 0) - day.expectedSeconds - day.toilSeconds - paid;
}

/** The balance over the given days (those the caller chose: from the start, up to the cut-off). */
export function hoursBalance(days: readonly BalanceDay[]): HoursBalance {
  const out: HoursBalance = { countedSeconds: 0, expectedSeconds: 0, overtimeSeconds: 0, paidSeconds: 0, restSeconds: 0, toilSeconds: 0, openDays: 0, balanceSeconds: 0 };
  for (const d of days) {
    if (d.kind === 'open') {
      out.openDays++;
      continue;
    }
    if (d.kind === 'upcoming') continue;
    out.countedSeconds += d.countedSeconds ?? 0;
    out.expectedSeconds += d.expectedSeconds + d.toilSeconds;
    out.toilSeconds += d.toilSeconds;
    out.overtimeSeconds += d.overtimeSeconds;
    if (d.overtimeCompensation === 'paid') out.paidSeconds += d.overtimeSeconds;
    if (d.overtimeCompensation === 'rest') out.restSeconds += d.overtimeSeconds;
    out.balanceSeconds += balanceDelta(d);
  }
  return out;
}

/** The ISO 8601 week of a calendar date, `YYYY-Www` (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeekOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  d.setUTCDate(d.getUTCDate() - weekday + 3); // the week's Thursday decides its year
  const year = d.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  firstThursday.setUTCDate(firstThursday.getUTCDate() - ((firstThursday.getUTCDay() + 6) % 7) + 3);
  const week = 1 + Math.round((d.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export interface WeekOvertime {
  /** ISO week `YYYY-Www`. */
  week: string;
  countedSeconds: number;
  expectedSeconds: number;
  /** The week's counted beyond its expected (short days net against long ones), never negative. */
  overtimeSeconds: number;
}

/**
 * Weekly overtime per ISO week (Monday–Sunday) of the days given: the week's counted seconds beyond
 * the week's expected seconds, as the record expects them (leave, TOIL included, expects nothing
 * here: a week with a TOIL day is not short). Open and upcoming days are left out. The caller
 * passes whole weeks to compare weeks with each other (a week cut by the period's edge holds only
 * its days inside it).
 */
export function weeklyOvertime(days: readonly BalanceDay[]): WeekOvertime[] {
  const weeks = new Map<string, WeekOvertime>();
  for (const d of days) {
    if (d.kind === 'open' || d.kind === 'upcoming') continue;
    const key = isoWeekOf(d.date);
    let w = weeks.get(key);
    if (!w) weeks.set(key, (w = { week: key, countedSeconds: 0, expectedSeconds: 0, overtimeSeconds: 0 }));
    w.countedSeconds += d.countedSeconds ?? 0;
    w.expectedSeconds += d.expectedSeconds;
  }
  const out = [...weeks.values()].sort((a, b) => a.week.localeCompare(b.week));
  for (const w of out) w.overtimeSeconds = Math.max(0, w.countedSeconds - w.expectedSeconds);
  return out;
}

/**
 * Whether a TOIL request fits: `availableSeconds` is the balance minus the scheduled hours of TOIL
 * already approved or pending on dates the balance has not reached yet; the request needs its
 * working days' scheduled hours. Returns the shortfall in seconds, or 0 when it fits.
 */
export function toilShortfall(availableSeconds: number, requestedSeconds: number): number {
  return Math.max(0, requestedSeconds - Math.max(0, availableSeconds));
}

export interface ToilAvailability {
  balance: HoursBalance;
  /** What TOIL may still take (may be negative: a debit). */
  availableSeconds: number;
  /** Scheduled seconds of the request's dates. */
  requestedSeconds: number;
}

/**
 * The balance and what time off in lieu may still take, from the days since the balance's start
 * (`from`; null = nothing recorded yet, balance 0):
 * - every standing (pending or approved) TOIL date (`reserved`: date → its scheduled seconds)
 *   reserves its scheduled time, whether the balance has reached it or not, **instead of** what
 *   that day did to the balance (a TOIL debit once approved, an absence while it waits), so no day
 *   is counted twice and future TOIL counts too;
 * - the request's own dates (`request`) are set apart the same way and compared with the rest.
 * A TOIL day that was worked after all keeps its work in the balance, and its leave still
 * reserves (its debit, in the balance since issue 33, is set apart like any reserved day's).
 */
export function toilAvailability(input: { days: readonly BalanceDay[]; from: string | null; today: string; reserved: ReadonlyMap<string, number>; request?: ReadonlyMap<string, number> }): ToilAvailability {
  const request = input.request ?? new Map<string, number>();
  const counted = input.from === null ? [] : input.days.filter((d) => d.date >= input.from!);
  const balance = hoursBalance(counted);
  // A reserved date's own effect is replaced by its reservation: the whole day when it was not
  // worked; only its TOIL debit when it was worked as well (the work stays in the balance).
  let setApart = 0;
  for (const d of counted) {
    if (!input.reserved.has(d.date) && !request.has(d.date)) continue;
    if (d.kind === 'worked') setApart -= d.toilSeconds;
    else if (d.kind !== 'open') setApart += balanceDelta(d);
  }
  const since = input.from ?? input.today;
  let reservedSeconds = 0;
  for (const [date, seconds] of input.reserved) if (date >= since) reservedSeconds += seconds;
  let requestedSeconds = 0;
  for (const seconds of request.values()) requestedSeconds += seconds;
  return { balance, availableSeconds: balance.balanceSeconds - setApart - reservedSeconds, requestedSeconds };
}
