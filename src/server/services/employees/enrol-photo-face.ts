import { EnrolPhotoInput } from '#domain/employees/employee-photos.ts';
import { descriptorToBytes } from '#domain/employees/face-descriptor.ts';
import type { FaceDataRefusal } from '#domain/employees/face-data-rule.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findEmployeeBiometrics } from '../../db/repositories/employees.ts';
import { deleteFaceDescriptorsOfPhoto, insertFaceDescriptor } from '../../db/repositories/face-descriptors.ts';
import { rowExists } from '../../db/repositories/user-records.ts';
import { faceDataRefusalFor } from './face-data.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { findPhotoFile, readPhotoFile } from './photo-files.ts';
import { describeEnrolmentPhoto } from '../../faces/snapshot-face-worker.ts';
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
 * The descriptor of a stored photo's one face, computed on the server (issue 34.4: numbers sent
 * by a client are never stored): 422 on `image` when it shows no face or several, 503 when the
 * server's face pipeline cannot answer (a file missing, a timeout).
 */
export async function serverEnrolmentDescriptor(bytes: Buffer): Promise<number[]> {
  const face = await describeEnrolmentPhoto(bytes);
  if (face.kind === 'one') return face.descriptor;
  if (face.kind === 'unavailable') throw new AppError('photos.faceCheckUnavailable', 503);
  const key = face.kind === 'none' ? 'photos.noFaceFound' : 'photos.manyFacesFound';
  throw new AppError(key, 422, {}, { image: key });
}

/**
 * Stores the face descriptor of a photo already on file (a photo uploaded before consent was
 * recorded, or after the employee was restored) when faceDataRefusal allows it (409 otherwise:
 * face recognition off, no consent, archived); replaces an earlier descriptor of the same photo.
 * The descriptor is computed here from the stored photo (serverEnrolmentDescriptor); a body
 * carrying numbers is refused (422 `photos.descriptorFromClient`). Audited.
 */
export async function enrolPhotoFace(db: Db, employeeId: number, photoId: string, body: unknown, actor: RecordActor): Promise<void> {
  // Employee-owned data: only within the actor's reach and only what the policy lets it write (decision 024).
  requireWritable(actor, employeeId, 'record');
  const actorId = actor.id;
  parseWith(EnrolPhotoInput, body);
  if (!(await rowExists(db, 'employees', employeeId))) throw notFound();
  const file = await findPhotoFile(employeeId, photoId);
  if (!file) throw notFound();
  // Refused before the (slow) computation when nothing could be stored; checked again in the transaction.
  const before = await findEmployeeBiometrics(db, employeeId);
  if (!before) throw notFound();
  const early = await faceDataRefusalFor(db, before);
  if (early) throw new AppError(REFUSED[early], 409);
  const descriptor = await serverEnrolmentDescriptor(await readPhotoFile(file));
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
