import { DescriptorInput } from '#domain/employees/employee-photos.ts';
import { descriptorToBytes } from '#domain/employees/face-descriptor.ts';
import type { FaceDataRefusal } from '#domain/employees/face-data-rule.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findEmployeeBiometrics } from '../../db/repositories/employees.ts';
import { deleteFaceDescriptorsOfPhoto, insertFaceDescriptor } from '../../db/repositories/face-descriptors.ts';
import { rowExists } from '../../db/repositories/user-records.ts';
import { faceDataRefusalFor } from './face-data.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { findPhotoFile } from './photo-files.ts';
import { parseWith } from './upload-employee-photo.ts';
import { requireWritable, type RecordActor } from '../record-guard.ts';
import { nowIso } from '../../clock/now.ts';

/** Why face data for a kept photo is refused (faceDataRefusal), as the 409 says it. */
const REFUSED: Record<FaceDataRefusal, string> = {
  'face-recognition-off': 'photos.faceRecognitionOff',
  'no-consent': 'photos.consentRequired',
  archived: 'photos.employeeArchived',
};

/**
 * Stores the face descriptor of a photo already on file (a photo uploaded before consent was
 * recorded, or after the employee was restored) when faceDataRefusal allows it (409 otherwise:
 * face recognition off, no consent, archived); replaces an earlier descriptor of the same photo.
 * Audited.
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
    const refusal = await faceDataRefusalFor(trx, employee);
    if (refusal) throw new AppError(REFUSED[refusal], 409);
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
