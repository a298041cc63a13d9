import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findEmployeeBiometrics, updateEmployeeColumns } from '../../db/repositories/employees.ts';
import { deleteFaceDescriptorsOfPhoto } from '../../db/repositories/face-descriptors.ts';
import { rowExists } from '../../db/repositories/user-records.ts';
import { notFound } from '../../http/app-error.ts';
import { findPhotoFile, listPhotoFiles, setPhotoAside } from './photo-files.ts';
import { requireWritable, type RecordActor } from '../record-guard.ts';
import { nowIso } from '../../clock/now.ts';

/**
 * Removes one photo of an employee together with the face descriptor computed from it. When it
 * was the current photo, the newest remaining one (or none) becomes current. Audited.
 */
export async function deleteEmployeePhoto(db: Db, employeeId: number, photoId: string, actor: RecordActor): Promise<{ faceDescriptorsDeleted: number }> {
  // Employee-owned data: only within the actor's reach and only what the policy lets it write (decision 024).
  requireWritable(actor, employeeId, 'record');
  const actorId = actor.id;
  if (!(await rowExists(db, 'employees', employeeId))) throw notFound();
  const photo = await findPhotoFile(employeeId, photoId);
  if (!photo) throw notFound();
  const aside = await setPhotoAside(photo);
  try {
    const newest = (await listPhotoFiles(employeeId))[0]?.id ?? null;
    const removed = await db.transaction().execute(async (trx) => {
      const employee = await findEmployeeBiometrics(trx, employeeId);
      if (!employee) throw notFound();
      const at = nowIso();
      const deleted = await deleteFaceDescriptorsOfPhoto(trx, employeeId, photoId);
      const image = employee.image === photoId ? newest : employee.image;
      if (image !== employee.image) await updateEmployeeColumns(trx, employeeId, { image, updatedAt: at });
      await appendAudit(trx, {
        userId: actorId,
        entity: 'employee',
        entityId: employeeId,
        action: 'photo.delete',
        before: { photo: photoId, image: employee.image },
        after: { image, faceDescriptorsDeleted: deleted },
        at,
      });
      return deleted;
    });
    await aside.commit();
    return { faceDescriptorsDeleted: removed };
  } catch (error) {
    await aside.restore();
    throw error;
  }
}
