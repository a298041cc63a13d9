import type { Db } from '../../db/connection.ts';

/** Deletes an employee's face descriptors (biometric data goes when the person is archived or deleted). */
export async function deleteFaceData(db: Db, employeeId: number): Promise<number> {
  const result = await db.deleteFrom('faceDescriptors').where('employeeId', '=', employeeId).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
