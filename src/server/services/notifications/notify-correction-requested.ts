import type { Db } from '../../db/connection.ts';
import { employeeBrief } from '../../db/repositories/notification-preferences.ts';
import { appUrl } from '../../mail/email-content.ts';
import { managersOf, notifyUsers } from './notify.ts';
import { correctionRequestedEmail, type CorrectionRequestedFacts } from './templates/correction-requested.ts';

/**
 * A worker asked to correct a day (call inside the request's transaction): each approver of the
 * employee is told, except the account that asked. Once per request and approver (decision 055).
 */
export async function notifyCorrectionRequested(
  trx: Db,
  request: { id: number; employeeId: number; requesterId: number } & Omit<CorrectionRequestedFacts, 'employeeName' | 'link'>,
): Promise<void> {
  const employee = await employeeBrief(trx, request.employeeId);
  if (!employee) return;
  const approvers = (await managersOf(trx, request.employeeId)).map((m) => m.id).filter((id) => id !== request.requesterId);
  if (approvers.length === 0) return;
  const link = await appUrl('/attendance-corrections');
  const employeeName = `${employee.firstName} ${employee.lastName}`;
  await notifyUsers(trx, {
    kind: 'correctionRequested',
    companyId: employee.companyId,
    userIds: approvers,
    dedupeKey: (userId) => `correctionRequested:${request.id}:${userId}`,
    content: (lang, t) =>
      correctionRequestedEmail(lang, t, { employeeName, date: request.date, kind: request.kind, timeIn: request.timeIn, timeOut: request.timeOut, reason: request.reason, link }),
  });
}
