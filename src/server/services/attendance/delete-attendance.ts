import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { deleteAttendanceRecord, findAttendanceDetail } from '../../db/repositories/attendances.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../session-user.ts';
import { requireWritable } from '../record-guard.ts';

/**
 * Deletes an attendance entered by hand that no terminal punch belongs to (a day recorded in
 * error). A day the clock recorded is part of the lawful record: refused (409), correct it with
 * an edit instead. The audit entry keeps the whole record with its revision history, since the
 * revisions go with the attendance (docs/decisions/010-attendance-corrections-and-export.md).
 */
export async function deleteAttendance(db: Db, id: number, actor: Pick<SessionUser, 'id' | 'accountType' | 'employeeId'>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findAttendanceDetail(trx, id);
    if (!before) throw notFound();
    requireWritable(actor, before.employee, 'record');
    if (before.source !== 'manual' || before.punches > 0) throw new AppError('attendance.hasPunches', 409);
    await appendAudit(trx, { userId: actor.id, entity: 'attendance', entityId: id, action: 'delete', before });
    await deleteAttendanceRecord(trx, id);
  });
}
