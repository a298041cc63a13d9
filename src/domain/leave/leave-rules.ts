import { workingDaysByYear, type WorkCalendar } from './leave-days.ts';

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

export interface LeaveTypeAllowance {
  id: number;
  name: string;
  /** Yearly allowance in working days; null = unlimited. */
  daysPerYear: number | null;
}

export interface LeaveBalance {
  leaveType: number;
  name: string;
  daysPerYear: number | null;
  /** Working days of approved leave in the year. */
  taken: number;
  /** Working days of pending requests in the year. */
  pending: number;
  /** Allowance minus taken and pending (negative when an allowance was lowered); null = unlimited. */
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
  return leaves
    .filter((l) => l.id !== exceptId && blocksOthers(l.status) && rangesOverlap(l.from, l.to, from, to))
    .sort((a, b) => a.from.localeCompare(b.from))[0];
}

/** Working days of the leave that fall in `year`. */
export function daysInYear(calendar: WorkCalendar, leave: Pick<LeaveSpan, 'from' | 'to'>, year: number): number {
  const y = String(year);
  if (leave.to < `${y}-01-01` || leave.from > `${y}-12-31`) return 0;
  const from = leave.from < `${y}-01-01` ? `${y}-01-01` : leave.from;
  const to = leave.to > `${y}-12-31` ? `${y}-12-31` : leave.to;
  return workingDaysByYear(calendar, from, to).get(year) ?? 0;
}

/**
 * Taken, pending and remaining working days per leave type in a year. `types` are the ones to
 * show (the leave group's privilege plus any type with leave that year); declined leave counts
 * nowhere.
 */
export function leaveBalances(
  types: readonly LeaveTypeAllowance[],
  leaves: readonly LeaveSpan[],
  year: number,
  calendar: WorkCalendar,
): LeaveBalance[] {
  return types.map((type) => {
    let taken = 0;
    let pending = 0;
    for (const l of leaves) {
      if (l.leaveTypeId !== type.id || !blocksOthers(l.status)) continue;
      const days = daysInYear(calendar, l, year);
      if (l.status === 'approved') taken += days;
      else pending += days;
    }
    return {
      leaveType: type.id,
      name: type.name,
      daysPerYear: type.daysPerYear,
      taken,
      pending,
      remaining: type.daysPerYear === null ? null : type.daysPerYear - taken - pending,
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
 * Whether a request fits the type's yearly allowance, year by year: the working days it takes in
 * each year, plus approved and pending leave of that type that year (other than the request
 * itself), may not exceed the allowance. Returns the first year that does not fit, or undefined
 * (always for an unlimited type).
 */
export function balanceShortfall(
  request: Omit<LeaveSpan, 'status'>,
  type: LeaveTypeAllowance,
  leaves: readonly LeaveSpan[],
  calendar: WorkCalendar,
): Shortfall | undefined {
  if (type.daysPerYear === null) return undefined;
  const others = leaves.filter((l) => l.id !== request.id);
  for (const [year, asked] of workingDaysByYear(calendar, request.from, request.to)) {
    const [balance] = leaveBalances([type], others, year, calendar);
    const remaining = balance!.remaining!;
    if (asked > remaining) return { year, asked, remaining: Math.max(0, remaining) };
  }
  return undefined;
}
