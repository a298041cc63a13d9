import { faceDataRefusal, type FaceDataRefusal } from '#domain/employees/face-data-rule.ts';
import type { Db } from '../../db/connection.ts';
import { deleteFaceDescriptorsOf } from '../../db/repositories/face-descriptors.ts';
import { readSettings } from '../../db/repositories/settings.ts';

/** Deletes an employee's face descriptors (biometric data goes when the person is archived or deleted). */
export async function deleteFaceData(db: Db, employeeId: number): Promise<number> {
  return deleteFaceDescriptorsOf(db, employeeId);
}

/**
 * Why face data may not be stored for `employee` now (faceDataRefusal), or null. Face recognition
 * is read in the caller's transaction, not from the settings cache: face data sent just after face
 * recognition was turned off (and its descriptors deleted) must not be stored again.
 */
export async function faceDataRefusalFor(trx: Db, employee: { biometricConsentAt: string | null; status: string }): Promise<FaceDataRefusal | null> {
  return faceDataRefusal({ faceRecognition: (await readSettings(trx)).faceRecognition, consentAt: employee.biometricConsentAt, status: employee.status });
}
