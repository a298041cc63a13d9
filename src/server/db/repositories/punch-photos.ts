import type { Insertable } from 'kysely';
import type { Db } from '../connection.ts';
import type { PunchPhotoTable } from '../schema.ts';

/** Stores the row tying a snapshot file to its punch. */
export async function insertPunchPhoto(db: Db, values: Insertable<PunchPhotoTable>): Promise<void> {
  await db.insertInto('punchPhotos').values(values).execute();
}

/** Deletes the rows of snapshots taken before `cutoff` (ISO instant). */
export async function deletePunchPhotosBefore(db: Db, cutoff: string): Promise<void> {
  await db.deleteFrom('punchPhotos').where('createdAt', '<', cutoff).execute();
}

/** The punches of an attendance that have a snapshot, oldest first. */
export async function punchPhotosOfAttendance(db: Db, attendanceId: number) {
  return db
    .selectFrom('punchPhotos')
    .innerJoin('punches', 'punches.id', 'punchPhotos.punchId')
    .select(['punches.id as punchId', 'punches.action', 'punches.at', 'punches.method'])
    .where('punches.attendanceId', '=', attendanceId)
    .orderBy('punches.at')
    .execute();
}

/** The snapshot file of a punch and whose punch it is, if there is one. */
export async function findPunchPhoto(db: Db, punchId: number) {
  return db.selectFrom('punchPhotos').select(['file', 'employeeId']).where('punchId', '=', punchId).executeTakeFirst();
}
