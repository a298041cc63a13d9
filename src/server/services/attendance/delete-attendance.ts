import type { Db } from '../../db/connection.ts';
import { findAttendanceEmployee } from '../../db/repositories/attendances.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { requireWritable } from '../record-guard.ts';

/**
 * `DELETE /api/attendances/{id}` stays only to answer clearly: no record of work is ever deleted
 * (decision 033). After the same checks as a voiding (404 for a day the account may not reach,
 * 403 without the right to write it), it always refuses (409) pointing to
 * `POST /api/attendances/{id}/void` with a reason.
 */
export async function deleteAttendance(db: Db, id: number, actor: Pick<SessionUser, 'id' | 'accountType' | 'employeeId'>): Promise<never> {
  const attendance = await findAttendanceEmployee(db, id);
  if (!attendance) throw notFound();
  requireWritable(actor, attendance.employeeId, 'record');
  throw new AppError('attendance.neverDeleted', 409);
}
