import { LeaveRequestInput } from '#domain/leave/leave-schema.ts';
import type { Language } from '#i18n/languages.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findLeave, insertLeave, type LeaveDto } from '../../db/repositories/leaves.ts';
import { requireWritable } from '../record-guard.ts';
import { mayWriteRecords } from '#domain/permissions/record-access.ts';
import { AppError } from '../../http/app-error.ts';
import { checkStandingRequest, requestEmployee, validateLeave, type LeaveActor } from './leave-checks.ts';
import { refuseOwnDecision } from '../four-eyes/refuse-own-decision.ts';
import { nowIso } from '../../clock/now.ts';
import { notifyLeaveRequested } from '../notifications/notify-leave-requested.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';
import { emitEmployeeWebhookEvent } from '../webhooks/emit-webhook-event.ts';

/**
 * A leave request (pending): for an Employee account always their own. Checks the privilege,
 * working days, overlap and balance (`checkStandingRequest`) and writes the request with its
 * return date and the audit entry in one transaction.
 *
 * With `approved: true` an administrator records an absence directly (decision 031): only an
 * account that writes every employee's records (not an Employee account, 403 like deciding); the
 * same working-day, overlap and balance checks, but not the leave group's privilege (an admin may
 * record sick leave of a type the employee cannot request); stored approved, decided by the actor
 * now, audited as `record`.
 */
export async function createLeave(db: Db, input: unknown, actor: LeaveActor, lang: Language): Promise<LeaveDto> {
  const data = validateLeave(LeaveRequestInput, input);
  if (data.approved && !mayWriteRecords(actor, 'record')) throw new AppError('leave.recordForbidden', 403);
  const employeeId = requestEmployee(actor, data.employee);
  requireWritable(actor, employeeId, data.approved ? 'record' : 'leaveRequest');
  const { approved, ...request } = data;
  const id = await db.transaction().execute(async (trx) => {
    const returnDate = await checkStandingRequest(trx, { employeeId, leaveTypeId: data.leaveType, from: data.from, to: data.to }, lang, { privilege: !approved });
    // Leave recorded approved is a decision: four eyes (issue 34.5), not on one's own record.
    if (approved) await refuseOwnDecision(trx, actor, { employeeId });
    const at = nowIso();
    const leaveId = await insertLeave(trx, {
      employeeId,
      leaveTypeId: data.leaveType,
      fromDate: data.from,
      toDate: data.to,
      reason: data.reason,
      returnDate,
      status: approved ? 'approved' : 'pending',
      comment: null,
      decidedBy: approved ? actor.id : null,
      decidedAt: approved ? at : null,
      requestedBy: actor.id,
      createdAt: at,
      updatedAt: at,
    });
    const after = { ...request, employee: employeeId, returnDate, ...(approved ? { status: 'approved', decidedBy: actor.id } : {}) };
    await appendAudit(trx, { userId: actor.id, entity: 'leave', entityId: leaveId, action: approved ? 'record' : 'create', after, at });
    // The approvers hear of a request in its own transaction (decision 055); an absence recorded approved is no request.
    if (!approved) {
      await notifyLeaveRequested(trx, leaveId, actor.id);
      await emitEmployeeWebhookEvent(trx, employeeId, {
        event: 'leave.requested',
        occurredAt: at,
        data: { leaveId, employeeId, leaveTypeId: data.leaveType, from: data.from, to: data.to, requestedBy: actor.id },
      });
    }
    return leaveId;
  });
  if (!approved) wakeOutbox(); // the approvers' emails leave now, not at the next poll
  return (await findLeave(db, id))!;
}
