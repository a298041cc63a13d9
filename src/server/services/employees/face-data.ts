import type { Db } from '../../db/connection.ts';
import { deleteFaceDescriptorsOf } from '../../db/repositories/face-descriptors.ts';

/** Deletes an employee's face descriptors (biometric data goes when the person is archived or deleted). */
export async function deleteFaceData(db: Db, employeeId: number): Promise<number> {
  return deleteFaceDescriptorsOf(db, employeeId);
}
