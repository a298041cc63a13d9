import type { Period } from '../reports/periods.ts';
import { overlaps } from './approval-period.ts';

/**
 * The lock rule (decision 051): an approved period of an employee locks every date in it against
 * every change of that employee's record (punches, manual days, corrections and their approval,
 * leave that touches it) until an administrator reopens it with a reason. A reopened period
 * locks nothing. Pure: the repositories' write functions ask it (db/repositories/record-lock.ts).
 */
export interface PeriodApproval extends Period {
  status: 'approved' | 'reopened';
}

/** The approved period that locks any date of `span` (a single date: from = to), or null. */
export function lockingPeriod<P extends PeriodApproval>(approvals: readonly P[], span: Period): P | null {
  let first: P | null = null;
  for (const a of approvals) {
    if (a.status !== 'approved' || !overlaps(a, span)) continue;
    if (first === null || a.from < first.from) first = a;
  }
  return first;
}

/** The i18n key and params of the refusal naming the period (formatted by the `localDate` formatter). */
export function lockedMessage(period: Period): { code: 'periods.locked'; params: { from: string; to: string } } {
  return { code: 'periods.locked', params: { from: period.from, to: period.to } };
}
