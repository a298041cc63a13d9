import type { Db } from '../../db/connection.ts';
import { findLeave } from '../../db/repositories/leaves.ts';
import { notifyEmployee } from './notify.ts';
import { leaveDecidedEmail } from './templates/leave-decided.ts';

/**
 * A leave request was approved or declined (call inside the decision's transaction, after it is
 * written): the employee is told. Each decision once (the key carries the decision's instant, so
 * a later change of mind is a new message); setting a request back to pending tells nobody.
 */
export async function notifyLeaveDecided(trx: Db, leaveId: number): Promise<void> {
  const leave = await findLeave(trx, leaveId);
  if (!leave || (leave.status !== 'approved' && leave.status !== 'declined')) return;
  const status = leave.status;
  await notifyEmployee(trx, {
    kind: 'leaveDecided',
    employeeId: leave.employee,
    dedupeKey: `leaveDecided:${leaveId}:${status}:${leave.decidedAt ?? leave.updatedAt}`,
    content: (lang, t, link) =>
      leaveDecidedEmail(lang, t, { status, leaveTypeName: leave.leaveTypeName, from: leave.from, to: leave.to, deciderName: leave.decidedByName, comment: leave.comment, link: link('/personal/leave') }),
  });
}
