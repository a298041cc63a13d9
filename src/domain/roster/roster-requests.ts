import * as v from 'valibot';
import { idRefWith } from '../org/org-schemas.ts';
import type { ShiftTimes } from './shift-times.ts';

/**
 * Open shifts and swaps (issue 39 point 6, decision 086): the rules a claim, a swap proposal and
 * their decisions are judged by. Pure; the services read the rows and call these in the deciding
 * transaction, so a decision re-checks what held when the worker asked.
 */

/** A draft roster shift as these rules read it. */
export interface RequestShift extends ShiftTimes {
  id: number;
  companyId: number;
  departmentId: number;
  employeeId: number | null;
  date: string;
  published: boolean;
}

/** The company's choice (instance setting `openShiftAssignment`): an admin approves, or the first qualified claimant gets the shift. */
export const OPEN_SHIFT_ASSIGNMENTS = ['approval', 'firstClaimant'] as const;
export type OpenShiftAssignment = (typeof OPEN_SHIFT_ASSIGNMENTS)[number];

/** A refusal: an i18n code and its HTTP status. */
export interface Refusal {
  code: string;
  status: 404 | 409 | 422;
}

/** Whether a shift has begun at local `today` / `nowTime` (`HH:mm`): a past date, or today from its start on. */
export function hasStarted(shift: Pick<RequestShift, 'date' | 'startTime'>, today: string, nowTime: string): boolean {
  return shift.date < today || (shift.date === today && shift.startTime <= nowTime);
}

/**
 * Whether an employee already works on a date, leaving out the shifts they give away in the same
 * move (`releasing`): a draft shift of theirs that date, or a published shift that date when they
 * release none that day (the published day then reads as the shift they give).
 */
export function dayTaken(f: { draftShiftIds: readonly number[]; publishedShift: boolean; releasing: readonly number[] }): boolean {
  if (f.draftShiftIds.some((id) => !f.releasing.includes(id))) return true;
  return f.publishedShift && f.releasing.length === 0;
}

export interface Claimant {
  id: number;
  companyId: number;
  departmentId: number;
  status: 'active' | 'archived';
}

/**
 * Why `claimant` may not claim (or be given) `shift`: not an open published shift of their
 * department (404: they cannot see it), begun or past, or a day they already work (409).
 */
export function claimRefusal(shift: RequestShift, claimant: Claimant, f: { today: string; nowTime: string; dayTaken: boolean }): Refusal | null {
  if (shift.companyId !== claimant.companyId || shift.departmentId !== claimant.departmentId) return { code: 'errors.notFound', status: 404 };
  if (shift.employeeId !== null || !shift.published) return { code: 'rosterRequests.notOpen', status: 409 };
  if (claimant.status !== 'active') return { code: 'rosterRequests.notActive', status: 409 };
  if (hasStarted(shift, f.today, f.nowTime)) return { code: 'rosterRequests.started', status: 409 };
  if (f.dayTaken) return { code: 'rosterRequests.claimDayTaken', status: 409 };
  return null;
}

/** A worker's shift as it may be offered in a swap: theirs, published, not begun. */
export function swapShiftRefusal(shift: RequestShift | undefined, owner: number, f: { today: string; nowTime: string }, field: 'shift' | 'otherShift'): Refusal | null {
  if (!shift || shift.employeeId !== owner) return field === 'shift' ? { code: 'errors.notFound', status: 404 } : { code: 'rosterRequests.otherShiftInvalid', status: 422 };
  if (!shift.published) return { code: 'rosterRequests.notPublished', status: 409 };
  if (hasStarted(shift, f.today, f.nowTime)) return { code: 'rosterRequests.started', status: 409 };
  return null;
}

/** A colleague a swap may be proposed to: another active employee of the shift's department. */
export function colleagueRefusal(shift: RequestShift, proposer: number, colleague: Claimant | undefined): Refusal | null {
  if (!colleague || colleague.id === proposer || colleague.companyId !== shift.companyId || colleague.departmentId !== shift.departmentId || colleague.status !== 'active') {
    return { code: 'rosterRequests.colleagueInvalid', status: 422 };
  }
  return null;
}

/** One published day a swap or claim writes (the repository's `PlannedDayWrite`). */
export interface DayWrite {
  employeeId: number;
  date: string;
  kind: 'shift' | 'rest';
  startTime: string | null;
  endTime: string | null;
  breakMinutes: number;
}

/**
 * What approving a swap does: `shift` goes to `to`; with `other` (a trade) `other` goes to
 * `from`. Every day either worker gives or receives a shift is published again: the shift they
 * hold after the move that date, or a rest day.
 */
export function swapPlan(shift: RequestShift, other: RequestShift | null, from: number, to: number): { moves: { shiftId: number; employeeId: number }[]; days: DayWrite[] } {
  const moves = [{ shiftId: shift.id, employeeId: to }];
  const after = [{ shift, employeeId: to }];
  if (other) {
    moves.push({ shiftId: other.id, employeeId: from });
    after.push({ shift: other, employeeId: from });
  }
  const keys = new Set<string>();
  const days: DayWrite[] = [];
  for (const employeeId of [from, to]) {
    for (const date of [shift.date, ...(other ? [other.date] : [])]) {
      const key = `${employeeId}|${date}`;
      if (keys.has(key)) continue;
      keys.add(key);
      const held = after.find((a) => a.employeeId === employeeId && a.shift.date === date)?.shift;
      days.push(
        held ? { employeeId, date, kind: 'shift', startTime: held.startTime, endTime: held.endTime, breakMinutes: held.breakMinutes } : { employeeId, date, kind: 'rest', startTime: null, endTime: null, breakMinutes: 0 },
      );
    }
  }
  return { moves, days };
}

const ref = idRefWith('validation.required');
export const SWAP_NOTE_MAX = 500;

/** POST /api/personal/swaps: one of my published shifts to a colleague, optionally for one of theirs (a trade). */
export const SwapProposalInput = v.object(
  {
    shift: ref,
    colleague: ref,
    otherShift: v.optional(v.nullable(ref), null),
    note: v.pipe(
      v.optional(v.nullable(v.string('validation.invalidInput')), null),
      v.transform((s) => (s === null || s.trim() === '' ? null : s.trim())),
      v.nullable(v.pipe(v.string(), v.maxLength(SWAP_NOTE_MAX, 'validation.tooLong'))),
    ),
  },
  'validation.required',
);
export type SwapProposalInput = v.InferOutput<typeof SwapProposalInput>;

/** Status filters of the admin lists. */
export const CLAIM_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export const SWAP_STATUSES = ['proposed', 'accepted', 'declined', 'approved', 'rejected', 'cancelled'] as const;

/** An open shift as the personal area lists it. */
export interface OpenShiftDto {
  _id: number;
  date: string;
  startTime: string;
  endTime: string;
  breakMinutes: number;
  department: string;
  /** My claim's status, or null when I have not claimed it (or withdrew). */
  myClaim: 'pending' | 'approved' | 'declined' | null;
}

/** A claim as the admin list shows it. */
export interface ClaimDto {
  _id: number;
  shift: { _id: number; date: string; startTime: string; endTime: string; breakMinutes: number; department: string };
  employee: { _id: number; name: string };
  status: (typeof CLAIM_STATUSES)[number];
  createdAt: string;
}

/** A shift in a swap, named with its holder when proposed. */
export interface SwapShiftDto {
  _id: number;
  date: string;
  startTime: string;
  endTime: string;
  breakMinutes: number;
}

/** A swap as the personal area and the admin list show it. */
export interface SwapDto {
  _id: number;
  shift: SwapShiftDto;
  otherShift: SwapShiftDto | null;
  from: { _id: number; name: string };
  to: { _id: number; name: string };
  status: (typeof SWAP_STATUSES)[number];
  note: string | null;
  createdAt: string;
}
