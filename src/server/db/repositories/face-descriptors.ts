import { sql, type Insertable } from 'kysely';
import type { Db } from '../connection.ts';
import type { FaceDescriptorTable } from '../schema.ts';

/** Stores one face descriptor. */
export async function insertFaceDescriptor(db: Db, values: Insertable<FaceDescriptorTable>): Promise<void> {
  await db.insertInto('faceDescriptors').values(values).execute();
}

/** Deletes every face descriptor of an employee; returns how many there were. */
export async function deleteFaceDescriptorsOf(db: Db, employeeId: number): Promise<number> {
  const result = await db.deleteFrom('faceDescriptors').where('employeeId', '=', employeeId).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** Deletes the face descriptor(s) computed from one photo of an employee; returns how many. */
export async function deleteFaceDescriptorsOfPhoto(db: Db, employeeId: number, photoId: string): Promise<number> {
  const result = await db.deleteFrom('faceDescriptors').where('employeeId', '=', employeeId).where('image', '=', photoId).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** The photo each of an employee's face descriptors was computed from (one row per descriptor). */
export async function faceDescriptorImages(db: Db, employeeId: number): Promise<{ image: string | null }[]> {
  return db.selectFrom('faceDescriptors').select('image').where('employeeId', '=', employeeId).execute();
}

/** How many descriptors are stored and the highest id: changes whenever the set does (ids are never reused). */
export async function faceDescriptorStats(db: Db): Promise<{ count: number; maxId: number | null }> {
  return db
    .selectFrom('faceDescriptors')
    .select([sql<number>`count(*)`.as('count'), sql<number | null>`max(id)`.as('maxId')])
    .executeTakeFirstOrThrow();
}

/** Every stored descriptor with its employee, in id order. */
export async function allFaceDescriptors(db: Db): Promise<{ employeeId: number; descriptor: Uint8Array }[]> {
  return db.selectFrom('faceDescriptors').select(['employeeId', 'descriptor']).orderBy('id').execute();
}

/** Deletes every stored face descriptor (face recognition turned off, decision 047); returns how many. */
export async function deleteAllFaceDescriptors(db: Db): Promise<number> {
  const result = await db.deleteFrom('faceDescriptors').executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** How many employees have at least one descriptor, and how many descriptors there are. */
export async function faceEnrolmentCounts(db: Db): Promise<{ employees: number; descriptors: number }> {
  const row = await db
    .selectFrom('faceDescriptors')
    .select([sql<number>`count(distinct employee_id)`.as('employees'), sql<number>`count(*)`.as('descriptors')])
    .executeTakeFirstOrThrow();
  return { employees: Number(row.employees), descriptors: Number(row.descriptors) };
}
