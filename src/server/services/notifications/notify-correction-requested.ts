import type { Db } from '../../db/connection.ts';
import { findEmployeeName } from '../../db/repositories/employees.ts';
import { findEmployeeRecipient } from '../../db/repositories/notification-recipients.ts';
import { managersOf, notifyUsers } from './notify.ts';
import { correctionRequestedEmail, type CorrectionRequestedFacts } from './templates/correction-requested.ts';

/**
 * A worker asked to correct a day (call inside the request's transaction): each approver of the
 * employee is told, except the account that asked. Once per request and approver (decision 055).
 */
export async function notifyCorrectionRequested(trx: Db, request: { id: number; employeeId: number; requesterId: number } & Omit<CorrectionRequestedFacts, 'employeeName' | 'link'>): Promise<void> {
  const employee = await findEmployeeRecipient(trx, request.employeeId);
  const name = await findEmployeeName(trx, request.employeeId);
  if (!employee || !name) return;
  const approvers = (await managersOf(trx, request.employeeId)).filter((id) => id !== request.requesterId);
  if (approvers.length === 0) return;
  const employeeName = `${name.firstName} ${name.lastName}`;
  await notifyUsers(trx, {
    kind: 'correctionRequested',
    companyId: employee.companyId,
    userIds: approvers,
    dedupeKey: (userId) => `correctionRequested:${request.id}:${userId}`,
    content: (lang, t, link) =>
      correctionRequestedEmail(lang, t, { employeeName, date: request.date, kind: request.kind, timeIn: request.timeIn, timeOut: request.timeOut, reason: request.reason, link: link('/attendance-corrections') }),
  });
}
