import { LeaveRequestInput } from '../../../domain/leave/leave-schema.ts';
import type { Language } from '../../../i18n/languages.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findLeave, insertLeave, type LeaveDto } from '../../db/repositories/leaves.ts';
import { requireWritable } from '../record-guard.ts';
import { checkStandingRequest, requestEmployee, validateLeave, type LeaveActor } from './leave-checks.ts';
import { nowIso } from '../../clock/now.ts';

/**
 * A leave request (pending): for an Employee account always their own. Checks the privilege,
 * working days, overlap and balance (`checkStandingRequest`) and writes the request with its
 * return date and the audit entry in one transaction.
 */
export async function createLeave(db: Db, input: unknown, actor: LeaveActor, lang: Language): Promise<LeaveDto> {
  const data = validateLeave(LeaveRequestInput, input);
  const employeeId = requestEmployee(actor, data.employee);
  requireWritable(actor, employeeId, 'leaveRequest');
  const id = await db.transaction().execute(async (trx) => {
    const returnDate = await checkStandingRequest(trx, { employeeId, leaveTypeId: data.leaveType, from: data.from, to: data.to }, lang);
    const at = nowIso();
    const leaveId = await insertLeave(trx, {
      employeeId,
      leaveTypeId: data.leaveType,
      fromDate: data.from,
      toDate: data.to,
      reason: data.reason,
      returnDate,
      status: 'pending',
      comment: null,
      decidedBy: null,
      decidedAt: null,
      createdAt: at,
      updatedAt: at,
    });
    await appendAudit(trx, { userId: actor.id, entity: 'leave', entityId: leaveId, action: 'create', after: { ...data, employee: employeeId, returnDate }, at });
    return leaveId;
  });
  return (await findLeave(db, id))!;
}
