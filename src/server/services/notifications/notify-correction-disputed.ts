import type { Db } from '../../db/connection.ts';
import { findEmployeeName } from '../../db/repositories/employees.ts';
import { findEmployeeRecipient } from '../../db/repositories/notification-recipients.ts';
import { adminsWith, notifyUsers } from './notify.ts';
import { correctionDisputedEmail } from './templates/correction-disputed.ts';

/**
 * A worker rejected an administrator's correction (call inside the rejection's transaction): every
 * enabled account of the employee's company (or of every company) holding `workTotals.read` — the
 * workers' representatives (decision 036), and administrators whose role reads the totals — is
 * told, except the worker's own account. Once per rejection and account; mutable (decision 082).
 */
export async function notifyCorrectionDisputed(trx: Db, dispute: { acceptanceId: number; employeeId: number; date: string }): Promise<number> {
  const employee = await findEmployeeRecipient(trx, dispute.employeeId);
  const name = await findEmployeeName(trx, dispute.employeeId);
  if (!employee || !name) return 0;
  const readers = await adminsWith(trx, employee.companyId, ['workTotals.read'], employee.userId);
  if (readers.length === 0) return 0;
  const employeeName = `${name.firstName} ${name.lastName}`;
  return notifyUsers(trx, {
    kind: 'correctionDisputed',
    companyId: employee.companyId,
    userIds: readers,
    dedupeKey: (userId) => `correctionDisputed:${dispute.acceptanceId}:${userId}`,
    content: (lang, t, link) => correctionDisputedEmail(lang, t, { employeeName, date: dispute.date, link: link('/representatives/disputes') }),
  });
}
