import * as v from 'valibot';
import type { ClockAction } from './clock-engine.ts';
import type { ConflictReason } from './late-punch.ts';

/** Longest note an administrator writes when closing a conflict. */
export const CONFLICT_NOTE_MAX = 1000;

const note = v.pipe(v.string('validation.conflictNote'), v.trim(), v.nonEmpty('validation.conflictNote'), v.maxLength(CONFLICT_NOTE_MAX, 'validation.tooLong'));

/** Dismissing a conflict (nothing to record, e.g. a test punch): a written reason. */
export const ConflictDismissInput = v.object({ note }, 'validation.required');

/**
 * Resolving a conflict: a written reason and, optionally, the day to record through the manual
 * attendance path (`{employee, date, timeIn, timeOut?, breakIn?, breakOut?}`, validated there;
 * an existing day of that employee and date is corrected instead). Without it the administrator
 * says how it was settled (e.g. corrected on the attendance page).
 */
export const ConflictResolveInput = v.object(
  {
    note,
    attendance: v.optional(v.record(v.string(), v.unknown(), 'validation.invalidInput')),
  },
  'validation.required',
);

/** A conflict as the screen shows it (GET /api/clock-conflicts). */
export interface ClockConflictDto {
  _id: number;
  /** The terminal, or for a personal punch (`personal`) the worker's device: its browser summary as the name (decision 071). */
  terminal: { _id: number | null; name: string; personal: boolean };
  seq: number;
  seqTo: number | null;
  employee: { _id: number; name: string } | null;
  action: ClockAction | null;
  /** `personal`: a worker's own device (decision 071); `terminal.name` is then its browser summary. */
  method: 'pin' | 'card' | 'personal' | null;
  at: string | null;
  deviceAt: string | null;
  reason: ConflictReason;
  /** The clock engine's refusal, worded in the request's language (reason `refused`). */
  refusal: string | null;
  status: 'open' | 'resolved' | 'dismissed';
  resolution: { note: string | null; by: string | null; at: string | null; attendance: number | null } | null;
  /** The local work date of `at` in the company zone (to prefill a manual day). */
  date: string | null;
  createdAt: string;
}

/** The i18n key of each reason (literal keys, so the translation check sees them). */
export const CONFLICT_REASON_KEYS: Record<ConflictReason, string> = {
  sequenceGap: 'clockConflicts.reason.sequenceGap',
  outOfOrder: 'clockConflicts.reason.outOfOrder',
  sequenceJump: 'clockConflicts.reason.sequenceJump',
  future: 'clockConflicts.reason.future',
  tooOld: 'clockConflicts.reason.tooOld',
  laterPunch: 'clockConflicts.reason.laterPunch',
  refused: 'clockConflicts.reason.refused',
  unknownIdentifier: 'clockConflicts.reason.unknownIdentifier',
  archived: 'clockConflicts.reason.archived',
  methodNotAllowed: 'clockConflicts.reason.methodNotAllowed',
};

export const CONFLICT_STATUS_KEYS: Record<ClockConflictDto['status'], string> = {
  open: 'clockConflicts.statusOpen',
  resolved: 'clockConflicts.statusResolved',
  dismissed: 'clockConflicts.statusDismissed',
};
