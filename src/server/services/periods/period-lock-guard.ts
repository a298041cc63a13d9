import { lockedMessage, lockingPeriod } from '../../../domain/periods/period-lock.ts';
import type { Period } from '../../../domain/reports/periods.ts';
import type { Db } from '../../db/connection.ts';
import { approvedPeriodsOverlapping } from '../../db/repositories/period-approvals.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * The one guard of approved periods (decision 051), used by every writer of an employee's record
 * inside its own transaction: clock punches live and late (decide-clock-punch.ts), manual days
 * created, corrected or voided, correction requests and their approval, and leave that is
 * recorded approved, approved, un-approved or deleted. Reads the approvals in the writer's
 * transaction, so an approval and a write cannot pass each other.
 */

/** The refusal (i18n key and params naming the period) when `span` touches an approved period, else null. */
export async function periodLockRefusal(trx: Db, employeeId: number, span: Period | string): Promise<ReturnType<typeof lockedMessage> | null> {
  const asked = typeof span === 'string' ? { from: span, to: span } : span;
  const locked = lockingPeriod(
    (await approvedPeriodsOverlapping(trx, employeeId, asked)).map((p) => ({ ...p, status: 'approved' as const })),
    asked,
  );
  return locked ? lockedMessage(locked) : null;
}

/** Throws 409 `periods.locked` naming the period when `span` (a date or dates) touches an approved period. */
export async function refuseLockedPeriod(trx: Db, employeeId: number, span: Period | string): Promise<void> {
  const refusal = await periodLockRefusal(trx, employeeId, span);
  if (refusal) throw new AppError(refusal.code, 409, refusal.params);
}
