import { photoCreatedAt, photoImageUrl, type BiometricConsentDto, type EmployeePhotosAnswer } from '#domain/employees/employee-photos.ts';
import type { Db } from '../../db/connection.ts';
import { findEmployeeBiometrics, findEmployeeConsent } from '../../db/repositories/employees.ts';
import { faceDescriptorImages } from '../../db/repositories/face-descriptors.ts';
import { notFound } from '../../http/app-error.ts';
import { listPhotoFiles } from './photo-files.ts';
import type { RecordAccount } from '#domain/permissions/record-access.ts';
import { requireReadable } from '../record-guard.ts';

/** The recorded consent with the name of the user who recorded it; undefined without consent. */
export async function findBiometricConsent(db: Db, employeeId: number): Promise<BiometricConsentDto | undefined> {
  const row = await findEmployeeConsent(db, employeeId);
  if (!row?.biometricConsentAt) return undefined;
  return { at: row.biometricConsentAt, by: row.biometricConsentBy, byName: row.name ?? null };
}

/** An employee's photos (newest first) with which of them carry face data, and the consent; 404 outside the viewer's reach. */
export async function listEmployeePhotos(db: Db, employeeId: number, viewer: RecordAccount): Promise<EmployeePhotosAnswer> {
  requireReadable(viewer, employeeId);
  const employee = await findEmployeeBiometrics(db, employeeId);
  if (!employee) throw notFound();
  const [files, descriptors, consent] = await Promise.all([listPhotoFiles(employeeId), faceDescriptorImages(db, employeeId), findBiometricConsent(db, employeeId)]);
  const withFace = new Set(descriptors.map((d) => d.image));
  return {
    data: files.map((f) => ({
      _id: f.id,
      url: photoImageUrl(employeeId, f.id),
      createdAt: photoCreatedAt(f.id),
      faceData: withFace.has(f.id),
      current: f.id === employee.image,
    })),
    consent: consent ?? null,
    faceDescriptors: descriptors.length,
  };
}
