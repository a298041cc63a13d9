/**
 * The rules of two-sided corrections (decision 034; the draft Spanish Royal Decree on the digital
 * working-time record, 2025: a change of the record needs the company's and the worker's
 * authorisation). Pure functions; i18n keys for refusals.
 *
 * - A worker's request: pending -> approved | declined (an administrator, with a comment) or
 *   withdrawn (the worker). A decided request is final.
 * - An administrator's correction: the record takes it at once (the company keeps the record) and
 *   it waits for the worker's answer: pending -> accepted | rejected; unanswered past its due
 *   time it reads as "not accepted by the worker" (`expired`, computed from now); a later
 *   correction of the same day supersedes it.
 */
import type { LocalShiftTimes } from './shift-times.ts';

export type RequestStatus = 'pending' | 'approved' | 'declined' | 'withdrawn';
export type RequestAction = 'approve' | 'decline' | 'withdraw';
export type CorrectionKind = 'missingDay' | 'missingCheckOut' | 'wrongTime';

export type AcceptanceStatus = 'pending' | 'accepted' | 'rejected' | 'superseded';
/** What the record shows: the stored status, with a pending one past its due time `expired`. */
export type AcceptanceState = AcceptanceStatus | 'expired';

export const DEFAULT_ACCEPTANCE_DAYS = 7;
export const ACCEPTANCE_DAYS_RANGE = { min: 1, max: 90 } as const;

const TARGET: Record<RequestAction, RequestStatus> = { approve: 'approved', decline: 'declined', withdraw: 'withdrawn' };

/** The status an action leads to, or the i18n key of the refusal (only a pending request moves). */
export function requestTransition(status: RequestStatus, action: RequestAction): { status: RequestStatus } | { refused: string } {
  if (status !== 'pending') return { refused: 'corrections.alreadyDecided' };
  return { status: TARGET[action] };
}

/** What a request corrects, from the day as recorded (none: a missing day). */
export function correctionKind(attendance: { timeOut: string | null } | undefined): CorrectionKind {
  if (!attendance) return 'missingDay';
  return attendance.timeOut === null ? 'missingCheckOut' : 'wrongTime';
}

/**
 * Whether a worker's request asks for the day exactly as it is recorded: the same local times to
 * the minute (what a worker can type) and no other break than the one the request names. Such a
 * request would change nothing, so it is refused instead of reaching an administrator (issue 37.13).
 */
export function asksForTheRecordedDay(asked: LocalShiftTimes, recorded: LocalShiftTimes, recordedBreaks: number): boolean {
  if (recordedBreaks > 1) return false;
  return asked.timeIn === recorded.timeIn && asked.timeOut === recorded.timeOut && asked.breakIn === recorded.breakIn && asked.breakOut === recorded.breakOut;
}

/** When an administrator's correction made at `madeAt` stops waiting for the worker. */
export function acceptanceDueAt(madeAt: string, days: number): string {
  return new Date(Date.parse(madeAt) + days * 86_400_000).toISOString();
}

/** The answer's state as of `now`: a pending correction past its due time was not accepted. */
export function acceptanceState(row: { status: AcceptanceStatus; dueAt: string }, now: string): AcceptanceState {
  return row.status === 'pending' && Date.parse(now) >= Date.parse(row.dueAt) ? 'expired' : row.status;
}

/** May the worker still answer? Only a pending correction before its due time. */
export function answerRefusal(row: { status: AcceptanceStatus; dueAt: string }, now: string): string | undefined {
  const state = acceptanceState(row, now);
  if (state === 'expired') return 'corrections.answerExpired';
  if (state !== 'pending') return 'corrections.alreadyAnswered';
  return undefined;
}

/**
 * Whether a correction must wait for the worker: not when it comes from the worker's own
 * approved request (the worker asked for it), nor when the author is that worker.
 */
export function needsWorkerAcceptance(input: { authorEmployeeId: number | null; employeeId: number; fromRequest: boolean }): boolean {
  return !input.fromRequest && input.authorEmployeeId !== input.employeeId;
}

/** The i18n key of each request status and kind (literal, so unused keys can be found). */
export const REQUEST_STATUS_KEYS: Record<RequestStatus, string> = {
  pending: 'corrections.statuses.pending',
  approved: 'corrections.statuses.approved',
  declined: 'corrections.statuses.declined',
  withdrawn: 'corrections.statuses.withdrawn',
};
export const CORRECTION_KIND_KEYS: Record<CorrectionKind, string> = {
  missingDay: 'corrections.kinds.missingDay',
  missingCheckOut: 'corrections.kinds.missingCheckOut',
  wrongTime: 'corrections.kinds.wrongTime',
};

/** Where an administrator's correction stands with the worker, as a day's history shows it. */
export interface AcceptanceAnswer {
  state: AcceptanceState;
  comment: string | null;
  dueAt: string;
  answeredAt: string | null;
}

/**
 * The history's line about the worker's answer (decision 034), the same on the admin's day page
 * and in the personal area's record: `when` formats an instant in the day's zone, `t` translates.
 */
export function acceptanceHistoryText(a: AcceptanceAnswer, when: (instant: string) => string, t: (key: string, params?: Record<string, unknown>) => string): string {
  const answered = a.answeredAt ? when(a.answeredAt) : '';
  switch (a.state) {
    case 'pending':
      return t('corrections.history.pending', { due: when(a.dueAt) });
    case 'expired':
      return t('corrections.history.expired', { due: when(a.dueAt) });
    case 'rejected':
      return t('corrections.history.rejected', { when: answered, comment: a.comment ?? '' });
    case 'accepted':
      return t('corrections.history.accepted', { when: answered });
    default:
      return t('corrections.history.superseded');
  }
}
