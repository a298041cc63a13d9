import type { Db } from '../../db/connection.ts';
import { findLeave } from '../../db/repositories/leaves.ts';
import { findEmployeeRecipient } from '../../db/repositories/notification-recipients.ts';
import { managersOf, notifyUsers } from './notify.ts';
import { leaveRequestedEmail } from './templates/leave-requested.ts';

/**
 * A leave request was filed (call inside its transaction): each approver of the employee
 * (`managersOf`) is told, except the account that filed it (an administrator asking for their own
 * leave does not need to hear it). Once per request and approver (decision 055).
 */
export async function notifyLeaveRequested(trx: Db, leaveId: number, requesterId: number): Promise<void> {
  const leave = await findLeave(trx, leaveId);
  if (!leave || leave.status !== 'pending') return;
  const employee = await findEmployeeRecipient(trx, leave.employee);
  if (!employee) return;
  const approvers = (await managersOf(trx, leave.employee)).filter((id) => id !== requesterId);
  if (approvers.length === 0) return;
  await notifyUsers(trx, {
    kind: 'leaveRequested',
    companyId: employee.companyId,
    userIds: approvers,
    dedupeKey: (userId) => `leaveRequested:${leaveId}:${userId}`,
    content: (lang, t, link) =>
      leaveRequestedEmail(lang, t, { employeeName: leave.employeeName, leaveTypeName: leave.leaveTypeName, from: leave.from, to: leave.to, days: leave.days, reason: leave.reason, link: link(`/leave-edit/${leaveId}`) }),
  });
}
