import type { PhotoType } from '#domain/employees/image-type.ts';
import type { Db } from '../../db/connection.ts';
import { rowExists } from '../../db/repositories/user-records.ts';
import { notFound } from '../../http/app-error.ts';
import { findPhotoFile, readPhotoFile } from './photo-files.ts';
import type { RecordAccount } from '#domain/permissions/record-access.ts';
import { requireReadable } from '../record-guard.ts';

/** The bytes and type of one photo of an existing employee the viewer may read; 404 otherwise. */
export async function readEmployeePhoto(db: Db, employeeId: number, photoId: string, viewer: RecordAccount): Promise<{ bytes: Buffer; type: PhotoType }> {
  requireReadable(viewer, employeeId);
  if (!(await rowExists(db, 'employees', employeeId))) throw notFound();
  const photo = await findPhotoFile(employeeId, photoId);
  if (!photo) throw notFound();
  return { bytes: await readPhotoFile(photo), type: photo.type };
}
