import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findEmployee } from '../../db/repositories/employees.ts';
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
    for (const table of ['attendances', 'punches', 'leaves'] as const) {
      const used = await trx.selectFrom(table).select('id').where('employeeId', '=', id).executeTakeFirst();
      if (used) throw new AppError('employees.hasRecords', 409);
    }
    const user = await trx.selectFrom('users').select('id').where('employeeId', '=', id).executeTakeFirst();
    if (user) throw new AppError('employees.hasUser', 409);
    await trx.deleteFrom('schedules').where('employeeId', '=', id).execute();
    await trx.deleteFrom('faceDescriptors').where('employeeId', '=', id).execute();
    await trx.deleteFrom('employees').where('id', '=', id).execute();
    await appendAudit(trx, { userId: actorId, entity: 'employee', entityId: id, action: 'delete', before });
  });
  await removeEmployeePhotoFiles(id);
}
