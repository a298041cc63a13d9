import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { deleteEmployeeRecord, employeeHasWorkRecords, findEmployee } from '../../db/repositories/employees.ts';
import { userIdByEmployee } from '../../db/repositories/user-records.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { removeEmployeePhotoFiles } from './photo-files.ts';
import { requireWritable, type RecordActor } from '../record-guard.ts';

/**
 * Deletes an employee who has no working-time records. Attendance, punches and leave are part of
 * the lawful record (kept four years): such an employee is archived instead (409 says so).
 * Their schedules, face descriptors and photo files go with them (files after the commit).
 */
export async function deleteEmployee(db: Db, id: number, actor: RecordActor): Promise<void> {
  // Employee-owned data: only within the actor's reach and only what the policy lets it write (decision 024).
  requireWritable(actor, id, 'record');
  const actorId = actor.id;
  await db.transaction().execute(async (trx) => {
    const before = await findEmployee(trx, id);
    if (!before) throw notFound();
    if (await employeeHasWorkRecords(trx, id)) throw new AppError('employees.hasRecords', 409);
    if ((await userIdByEmployee(trx, id)) !== undefined) throw new AppError('employees.hasUser', 409);
    await deleteEmployeeRecord(trx, id);
    await appendAudit(trx, { userId: actorId, entity: 'employee', entityId: id, action: 'delete', before });
  });
  await removeEmployeePhotoFiles(id);
}
