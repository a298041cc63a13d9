import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { deleteLeaveRecord } from '../../db/repositories/leaves.ts';
import { mayWriteRecords } from '#domain/permissions/record-access.ts';
import { refuseOwnDecision } from '../four-eyes/refuse-own-decision.ts';
import { requireWritable } from '../record-guard.ts';
import { requirePending, visibleLeave, type LeaveActor } from './leave-checks.ts';

/**
 * The employee takes back a request not yet decided ("Leave discarded!"): the row goes, the audit
 * log keeps it. A decided request cannot be withdrawn (409); another's answers 404.
 */
export async function withdrawLeave(db: Db, id: number, actor: LeaveActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await visibleLeave(trx, id, actor);
    requireWritable(actor, before.employee, 'leaveRequest');
    requirePending(before.status);
    await deleteLeaveRecord(trx, id);
    await appendAudit(trx, { userId: actor.id, entity: 'leave', entityId: id, action: 'withdraw', before });
  });
}

/**
 * An administrator deletes a leave of any status (`leave.delete`); the audit log keeps it. An
 * Employee account whose role was given `leave.delete` may only delete its own pending requests,
 * as if withdrawing them: a decision is not the employee's to erase.
 */
export async function deleteLeave(db: Db, id: number, actor: LeaveActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await visibleLeave(trx, id, actor);
    requireWritable(actor, before.employee, 'leaveRequest');
    // Erasing a decision is a change of the record, not a request of one's own (decision 024).
    if (!mayWriteRecords(actor, 'record')) requirePending(before.status);
    // Four eyes (issue 34.5): erasing a decision on one's own leave is deciding it again.
    if (before.status !== 'pending') await refuseOwnDecision(trx, actor, { employeeId: before.employee });
    // Deleting an approved leave touching a locked date is refused by the write itself (decision 051).
    await deleteLeaveRecord(trx, id);
    await appendAudit(trx, { userId: actor.id, entity: 'leave', entityId: id, action: 'delete', before });
  });
}
