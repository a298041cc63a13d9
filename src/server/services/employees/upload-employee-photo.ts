import * as v from 'valibot';
import { issuesToFieldKeys } from '#domain/auth/auth-schemas.ts';
import { dataUrlTooLong, photoCreatedAt, photoImageUrl, PhotoUploadInput, type EmployeePhotoDto } from '#domain/employees/employee-photos.ts';
import { descriptorToBytes } from '#domain/employees/face-descriptor.ts';
import type { FaceDataRefusal } from '#domain/employees/face-data-rule.ts';
import { base64DecodedLength, dataUrlBase64, PHOTO_LIMITS } from '#domain/employees/image-type.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findEmployeeBiometrics, updateEmployeeColumns } from '../../db/repositories/employees.ts';
import { insertFaceDescriptor } from '../../db/repositories/face-descriptors.ts';
import { rowExists } from '../../db/repositories/user-records.ts';
import { faceDataRefusalFor } from './face-data.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { removePhotoFile, savePhotoFile } from './photo-files.ts';
import { photoError, sanitizePhoto } from './sanitize-photo.ts';
import { describeEnrolmentPhoto, type FaceDescription } from '../../faces/snapshot-face-worker.ts';
import { requireWritable, type RecordActor } from '../record-guard.ts';
import { nowIso } from '../../clock/now.ts';

export interface UploadedPhoto {
  photo: EmployeePhotoDto;
  /** Why a descriptor that came with the photo was not stored (message key), if it was not. */
  faceDataRefused: (typeof KEPT_WITHOUT_FACE_DATA)[FaceDataRefusal] | (typeof KEPT_WITHOUT_FACE)[FaceDescription['kind']] | null;
}

/** What the answer says when a photo's descriptor was not stored (faceDataRefusal). */
const KEPT_WITHOUT_FACE_DATA = {
  'face-recognition-off': 'photos.keptWithFaceRecognitionOff',
  'no-consent': 'photos.keptWithoutFaceData',
  archived: 'photos.employeeArchived',
} as const;

/** What the answer says when the server found no usable face in the photo (describeEnrolmentPhoto). */
const KEPT_WITHOUT_FACE = {
  none: 'photos.keptNoFace',
  many: 'photos.keptManyFaces',
  unavailable: 'photos.keptFaceUnavailable',
  one: null,
} as const;

/** Validates the body's shape; 422 with per-field message keys otherwise. */
export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) {
    const fields = issuesToFieldKeys(result.issues);
    const first = Object.values(fields)[0];
    throw new AppError(first && first.startsWith('photos.') ? first : 'validation.invalidInput', 422, {}, fields);
  }
  return result.output;
}

/**
 * Adds a photo to an employee: checks and re-encodes the image (sanitizePhoto), stores it under
 * a random name, makes it the employee's current photo and, when faceDataRefusal allows it (face
 * recognition on, consent recorded, employee active) and the body asks (`enrol: true`), stores the
 * face descriptor the server computes from the photo (describeEnrolmentPhoto; a descriptor sent
 * by the client is refused, issue 34.4). The file and the rows are written together or not at
 * all; the change is audited.
 */
export async function uploadEmployeePhoto(db: Db, employeeId: number, body: unknown, actor: RecordActor): Promise<UploadedPhoto> {
  // Employee-owned data: only within the actor's reach and only what the policy lets it write (decision 024).
  requireWritable(actor, employeeId, 'record');
  const actorId = actor.id;
  const input = parseWith(PhotoUploadInput, body);
  if (dataUrlTooLong(input.image)) throw photoError('photos.tooLarge');
  const payload = dataUrlBase64(input.image);
  if (payload === null) throw photoError('photos.notAnImage');
  if (base64DecodedLength(payload) > PHOTO_LIMITS.maxBytes) throw photoError('photos.tooLarge');
  if (!(await rowExists(db, 'employees', employeeId))) throw notFound();

  const clean = await sanitizePhoto(Buffer.from(payload, 'base64'));
  // The face is computed only when it could be stored (checked again in the transaction): it takes seconds.
  let face: FaceDescription | null = null;
  if (input.enrol) {
    const before = await findEmployeeBiometrics(db, employeeId);
    if (before && (await faceDataRefusalFor(db, before)) === null) face = await describeEnrolmentPhoto(Buffer.from(clean.bytes));
  }
  const file = await savePhotoFile(employeeId, clean.bytes, clean.type);
  try {
    const { faceData, refused } = await db.transaction().execute(async (trx) => {
      const employee = await findEmployeeBiometrics(trx, employeeId);
      if (!employee) throw notFound();
      const at = nowIso();
      const refusal = await faceDataRefusalFor(trx, employee);
      const descriptor = face?.kind === 'one' ? face.descriptor : null;
      const store = descriptor !== null && refusal === null;
      if (store) {
        await insertFaceDescriptor(trx, { employeeId, descriptor: Buffer.from(descriptorToBytes(descriptor)), image: file.id, createdBy: actorId, createdAt: at });
      }
      await updateEmployeeColumns(trx, employeeId, { image: file.id, updatedAt: at });
      await appendAudit(trx, {
        userId: actorId,
        entity: 'employee',
        entityId: employeeId,
        action: 'photo.add',
        before: { image: employee.image },
        after: { image: file.id, type: clean.type, width: clean.width, height: clean.height, bytes: clean.bytes.length, faceData: store },
        at,
      });
      const refused = !input.enrol ? null : refusal !== null ? KEPT_WITHOUT_FACE_DATA[refusal] : face ? KEPT_WITHOUT_FACE[face.kind] : null;
      return { faceData: store, refused };
    });
    return {
      photo: { _id: file.id, url: photoImageUrl(employeeId, file.id), createdAt: photoCreatedAt(file.id), faceData, current: true },
      faceDataRefused: refused,
    };
  } catch (error) {
    await removePhotoFile(file);
    throw error;
  }
}
