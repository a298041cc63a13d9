import type { Db } from '../../db/connection.ts';
import { findAttendance } from '../../db/repositories/attendances.ts';
import { notifyEmployee } from './notify.ts';
import { correctionAwaitingEmail } from './templates/correction-awaiting-acceptance.ts';

/**
 * An administrator's correction waits for the worker's acceptance (call inside the correction's
 * transaction, where the wait is recorded): the worker is told, once per day and revision. Not
 * mutable: the record changed and the worker has a limited time to object (decision 034).
 */
export async function notifyCorrectionAwaiting(trx: Db, wait: { attendanceId: number; revision: number; employeeId: number; dueAt: string }): Promise<void> {
  const day = await findAttendance(trx, wait.attendanceId);
  if (!day) return;
  await notifyEmployee(trx, {
    kind: 'correctionAwaitingAcceptance',
    employeeId: wait.employeeId,
    dedupeKey: `correctionAwaitingAcceptance:${wait.attendanceId}:${wait.revision}`,
    content: (lang, t, link) => correctionAwaitingEmail(lang, t, { date: day.date, dueAt: wait.dueAt, timeZone: day.timezone, link: link('/personal/attendance') }),
  });
}
