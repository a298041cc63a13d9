import { DescriptorInput } from '../../../domain/employees/employee-photos.ts';
import { descriptorToBytes } from '../../../domain/employees/face-descriptor.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findEmployeeBiometrics } from '../../db/repositories/employees.ts';
import { deleteFaceDescriptorsOfPhoto, insertFaceDescriptor } from '../../db/repositories/face-descriptors.ts';
import { rowExists } from '../../db/repositories/user-records.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { findPhotoFile } from './photo-files.ts';
import { parseWith } from './upload-employee-photo.ts';
import { requireWritable, type RecordActor } from '../record-guard.ts';
import { nowIso } from '../../clock/now.ts';

/**
 * Stores the face descriptor of a photo already on file (a photo uploaded before consent was
 * recorded, or after the employee was restored). Needs recorded consent (409 otherwise) and an
 * active employee; replaces an earlier descriptor of the same photo. Audited.
 */
export async function enrolPhotoFace(db: Db, employeeId: number, photoId: string, body: unknown, actor: RecordActor): Promise<void> {
  // Employee-owned data: only within the actor's reach and only what the policy lets it write (decision 024).
  requireWritable(actor, employeeId, 'record');
  const actorId = actor.id;
  const { descriptor } = parseWith(DescriptorInput, body);
  if (!(await rowExists(db, 'employees', employeeId))) throw notFound();
  if (!(await findPhotoFile(employeeId, photoId))) throw notFound();
  await db.transaction().execute(async (trx) => {
    const employee = await findEmployeeBiometrics(trx, employeeId);
    if (!employee) throw notFound();
    if (employee.biometricConsentAt === null) throw new AppError('photos.consentRequired', 409);
    if (employee.status !== 'active') throw new AppError('photos.employeeArchived', 409);
    const at = nowIso();
    const replaced = await deleteFaceDescriptorsOfPhoto(trx, employeeId, photoId);
    await insertFaceDescriptor(trx, { employeeId, descriptor: Buffer.from(descriptorToBytes(descriptor)), image: photoId, createdBy: actorId, createdAt: at });
    await appendAudit(trx, {
      userId: actorId,
      entity: 'employee',
      entityId: employeeId,
      action: 'face.enrol',
      after: { photo: photoId, replaced },
      at,
    });
  });
}
