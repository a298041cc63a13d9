import { accrualHorizon, carriedInto, carryOverExpiryIn, yearLedger, type AllowanceRules, type Employment, type YearUse } from './accrual.ts';
import { workingDates, workingDaysByYear, type WorkCalendar } from './leave-days.ts';

export const LEAVE_STATUSES = ['pending', 'approved', 'declined'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];

/** A leave request as the rules need it (dates `YYYY-MM-DD`, inclusive). */
export interface LeaveSpan {
  id: number;
  leaveTypeId: number;
  from: string;
  to: string;
  status: LeaveStatus;
}

export interface LeaveTypeAllowance extends AllowanceRules {
  id: number;
  name: string;
}

/**
 * Whose balance it is and when: the employment prorates and accrues the allowance, and `asOf`
 * (today in the company zone) sets the accrual horizon and whether carried days have lapsed.
 * Without it (an employee employed all along, nothing carried, the whole year counted) the
 * balance is the plain yearly allowance of decision 011.
 */
export interface BalanceContext {
  employment: Employment;
  asOf: string;
}

export interface LeaveBalance {
  leaveType: number;
  name: string;
  daysPerYear: number | null;
  /** Days this year grants (prorated for joiners and leavers, or accrued so far); null = unlimited. */
  entitled: number | null;
  /** Days carried over from last year, and the day they lapse (null: they do not). */
  carriedOver: number;
  carryOverExpires: string | null;
  /** Working days of approved leave in the year. */
  taken: number;
  /** Working days of pending requests in the year. */
  pending: number;
  /**
   * Entitled plus carried days still usable, minus taken and pending (negative when an allowance
   * was lowered); null = unlimited. Carried days left unused lapse after their expiry.
   */
  remaining: number | null;
}

export function rangesOverlap(aFrom: string, aTo: string, bFrom: string, bTo: string): boolean {
  return aFrom <= bTo && bFrom <= aTo;
}

/** A request only blocks others while it stands: pending or approved. Declined ones are history. */
export function blocksOthers(status: LeaveStatus): boolean {
  return status === 'pending' || status === 'approved';
}

/** The first standing leave (other than `exceptId`) that shares a day with [from, to]. */
export function findOverlap<L extends LeaveSpan>(leaves: readonly L[], from: string, to: string, exceptId?: number): L | undefined {
  return leaves.filter((l) => l.id !== exceptId && blocksOthers(l.status) && rangesOverlap(l.from, l.to, from, to)).sort((a, b) => a.from.localeCompare(b.from))[0];
}

/** Working days of the leave that fall in `year`. */
export function daysInYear(calendar: WorkCalendar, leave: Pick<LeaveSpan, 'from' | 'to'>, year: number): number {
  const y = String(year);
  if (leave.to < `${y}-01-01` || leave.from > `${y}-12-31`) return 0;
  const from = leave.from < `${y}-01-01` ? `${y}-01-01` : leave.from;
  const to = leave.to > `${y}-12-31` ? `${y}-12-31` : leave.to;
  return workingDaysByYear(calendar, from, to).get(year) ?? 0;
}

const ALWAYS_EMPLOYED: Employment = { start: null, end: null, firstLedgerYear: 9999 };

/** The standing leave of one type in one year: its working days, those before `expiresOn`, the latest. */
export function yearUse(calendar: WorkCalendar, leaves: readonly LeaveSpan[], typeId: number, year: number, expiresOn: string | null): YearUse & { taken: number; pending: number } {
  const use = { days: 0, daysBeforeExpiry: 0, latestDay: null as string | null, taken: 0, pending: 0 };
  const first = `${year}-01-01`;
  const last = `${year}-12-31`;
  for (const l of leaves) {
    if (l.leaveTypeId !== typeId || !blocksOthers(l.status) || l.to < first || l.from > last) continue;
    const dates = workingDates(calendar, l.from < first ? first : l.from, l.to > last ? last : l.to);
    use.days += dates.length;
    if (l.status === 'approved') use.taken += dates.length;
    else use.pending += dates.length;
    use.daysBeforeExpiry += expiresOn === null ? dates.length : dates.filter((d) => d <= expiresOn).length;
    const latest = dates[dates.length - 1];
    if (latest && (!use.latestDay || latest > use.latestDay)) use.latestDay = latest;
  }
  return use;
}

/** One type's balance in a year (see `LeaveBalance`). */
function typeBalance(type: LeaveTypeAllowance, leaves: readonly LeaveSpan[], year: number, calendar: WorkCalendar, context: BalanceContext | undefined) {
  const employment = context?.employment ?? ALWAYS_EMPLOYED;
  const asOf = context?.asOf ?? `${year}-12-31`;
  const useOf = (y: number) => yearUse(calendar, leaves, type.id, y, carryOverExpiryIn(type, y));
  const carried = carriedInto(type, employment, year, useOf);
  const use = useOf(year);
  const ledger = yearLedger(type, employment, year, use, carried, accrualHorizon(year, asOf, use.latestDay));
  const carryLeft = ledger.carryOverExpires !== null && asOf > ledger.carryOverExpires ? 0 : carried - ledger.carriedUsed;
  return { use, ledger, remaining: ledger.entitled === null ? null : ledger.entitled - ledger.ownUsed + carryLeft };
}

/**
 * Taken, pending and remaining working days per leave type in a year. `types` are the ones to
 * show (the leave group's privilege plus any type with leave that year); declined leave counts
 * nowhere. `context` adds proration, accrual and carry-over (decision 053).
 */
export function leaveBalances(types: readonly LeaveTypeAllowance[], leaves: readonly LeaveSpan[], year: number, calendar: WorkCalendar, context?: BalanceContext): LeaveBalance[] {
  return types.map((type) => {
    const { use, ledger, remaining } = typeBalance(type, leaves, year, calendar, context);
    return {
      leaveType: type.id,
      name: type.name,
      daysPerYear: type.daysPerYear,
      entitled: ledger.entitled,
      carriedOver: ledger.carriedOver,
      carryOverExpires: ledger.carryOverExpires,
      taken: use.taken,
      pending: use.pending,
      remaining,
    };
  });
}

export interface Shortfall {
  year: number;
  /** Working days the request takes in that year. */
  asked: number;
  /** What was left in that year before the request (never below 0). */
  remaining: number;
}

/**
 * Whether a request fits the type's allowance, year by year: in each year it touches, the year's
 * standing leave of the type with the request (other than the request's earlier version) may not
 * draw more on the year's own entitlement (prorated or accrued by the month of the year's latest
 * leave) than it grants, after using the days carried over (only leave on or before their expiry
 * may). Returns the first year that does not fit, with what was left for the request, or
 * undefined (always for an unlimited type).
 */
export function balanceShortfall(request: Omit<LeaveSpan, 'status'>, type: LeaveTypeAllowance, leaves: readonly LeaveSpan[], calendar: WorkCalendar, context?: BalanceContext): Shortfall | undefined {
  if (type.daysPerYear === null && (type.accrualDaysPerMonth ?? null) === null) return undefined;
  const withRequest = [...leaves.filter((l) => l.id !== request.id), { ...request, status: 'pending' as const }];
  for (const [year, asked] of workingDaysByYear(calendar, request.from, request.to)) {
    const { ledger } = typeBalance(type, withRequest, year, calendar, context);
    const excess = ledger.ownUsed - ledger.entitled!;
    if (excess > 0) return { year, asked, remaining: Math.max(0, asked - excess) };
  }
  return undefined;
}
