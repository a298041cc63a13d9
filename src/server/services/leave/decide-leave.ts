import { blocksOthers } from '#domain/leave/leave-rules.ts';
import { mayWriteRecords } from '#domain/permissions/record-access.ts';
import { LeaveDecisionInput } from '#domain/leave/leave-schema.ts';
import type { Language } from '#i18n/languages.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findLeave, setLeaveDecision, type LeaveDto } from '../../db/repositories/leaves.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { checkStandingRequest, validateLeave, type LeaveActor } from './leave-checks.ts';
import { nowIso } from '../../clock/now.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';
import { emitEmployeeWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { notifyLeaveDecided } from '../notifications/notify-leave-decided.ts';
import { refuseOwnDecision } from '../four-eyes/refuse-own-decision.ts';

/**
 * An administrator approves or declines a request (or sets it back to pending), with an optional
 * comment the employee sees; records who decided and when (cleared when back to pending) and
 * audits the change. An Employee account cannot decide, not even on its own request (403).
 * A decision may be changed later. Approving or reopening re-checks overlap and balance, which
 * may have changed since the request (a lowered allowance, a reopened request). A change into or
 * out of `approved` of a leave touching an approved period is refused (409 `periods.locked`).
 */
export async function decideLeave(db: Db, id: number, input: unknown, actor: LeaveActor, lang: Language): Promise<LeaveDto> {
  // Deciding is not a request of one's own: only accounts that reach every employee (decision 024).
  if (!mayWriteRecords(actor, 'record')) throw new AppError('leave.decideForbidden', 403);
  const data = validateLeave(LeaveDecisionInput, input);
  await db.transaction().execute(async (trx) => {
    const before = await findLeave(trx, id);
    if (!before) throw notFound();
    // Four eyes (issue 34.5): not the employee's own account. An administrator who filed a
    // request for someone else may decide it: recording it approved at once is theirs to do.
    await refuseOwnDecision(trx, actor, { employeeId: before.employee });
    if (blocksOthers(data.status) && (!blocksOthers(before.status) || data.status === 'approved')) {
      // The privilege is not asked again: the group may have changed since the request was made.
      await checkStandingRequest(trx, { id, employeeId: before.employee, leaveTypeId: before.leaveType, from: before.from, to: before.to }, lang, { privilege: false });
    }
    // Approving, or taking back an approval, of a leave touching a locked date is refused by the write (decision 051).
    const at = nowIso();
    const decided = data.status === 'pending' ? { decidedBy: null, decidedAt: null } : { decidedBy: actor.id, decidedAt: at };
    await setLeaveDecision(trx, id, { status: data.status, comment: data.comment, ...decided, updatedAt: at });
    const action = data.status === 'approved' ? 'approve' : data.status === 'declined' ? 'decline' : 'reopen';
    await appendAudit(trx, { userId: actor.id, entity: 'leave', entityId: id, action, before: { status: before.status, comment: before.comment }, after: data, at });
    // A new decision is told to the employee in the same transaction (decision 055).
    if (data.status !== before.status && data.status !== 'pending') await notifyLeaveDecided(trx, id);
    // In the decision's transaction (decision 058); `pending` is a decision taken back.
    await emitEmployeeWebhookEvent(trx, before.employee, {
      event: 'leave.decided',
      occurredAt: at,
      data: {
        leaveId: id,
        employeeId: before.employee,
        leaveTypeId: before.leaveType,
        from: before.from,
        to: before.to,
        status: data.status,
        previousStatus: before.status,
        comment: data.comment ?? null,
        decidedBy: actor.id,
      },
    });
  });
  wakeOutbox(); // the employee's email and the webhooks leave now, not at the next poll
  return (await findLeave(db, id))!;
}
