import { LeaveRequestInput } from '#domain/leave/leave-schema.ts';
import type { Language } from '#i18n/languages.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findLeave, setLeaveRequestDetails, type LeaveDto } from '../../db/repositories/leaves.ts';
import { requireWritable } from '../record-guard.ts';
import { checkStandingRequest, requirePending, validateLeave, visibleLeave, type LeaveActor } from './leave-checks.ts';
import { nowIso } from '../../clock/now.ts';

/**
 * Changes a pending request's type, dates or reason (its employee stays). A decided request is
 * refused (409); another employee's answers 404 to an Employee account. Same checks as a new
 * request, with the request itself left out of overlap and balance.
 */
export async function updateLeaveRequest(db: Db, id: number, input: unknown, actor: LeaveActor, lang: Language): Promise<LeaveDto> {
  await db.transaction().execute(async (trx) => {
    const before = await visibleLeave(trx, id, actor);
    requireWritable(actor, before.employee, 'leaveRequest');
    requirePending(before.status);
    const data = validateLeave(LeaveRequestInput, { ...(input as object), employee: null });
    const returnDate = await checkStandingRequest(trx, { id, employeeId: before.employee, leaveTypeId: data.leaveType, from: data.from, to: data.to }, lang);
    const at = nowIso();
    await setLeaveRequestDetails(trx, id, { leaveTypeId: data.leaveType, fromDate: data.from, toDate: data.to, reason: data.reason, returnDate, updatedAt: at });
    const { employee: _e, approved: _a, ...after } = data;
    await appendAudit(trx, { userId: actor.id, entity: 'leave', entityId: id, action: 'update', before, after: { ...after, returnDate }, at });
  });
  return (await findLeave(db, id))!;
}
