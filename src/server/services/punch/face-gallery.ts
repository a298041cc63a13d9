import { buildGallery, type FaceGallery } from '#domain/clock/face-match.ts';
import { bytesToDescriptor } from '#domain/employees/face-descriptor.ts';
import type { Db } from '../../db/connection.ts';
import { allFaceDescriptors, faceDescriptorStats } from '../../db/repositories/face-descriptors.ts';

let cached: { key: string; gallery: FaceGallery } | undefined;

/**
 * Every enrolled face descriptor, packed for matching and kept in memory. Each call checks that
 * the cache is current with one cheap query: `face_descriptors` ids come from AUTOINCREMENT (never
 * reused) and rows are only inserted or deleted, so the row count with the highest id changes
 * whenever the set does — whichever service enrolled or removed a face.
 */
export async function faceGallery(db: Db): Promise<FaceGallery> {
  const stats = await faceDescriptorStats(db);
  const key = `${stats.count}:${stats.maxId ?? 0}`;
  if (cached?.key === key) return cached.gallery;
  const rows = await allFaceDescriptors(db);
  const gallery = buildGallery(rows.map((row) => ({ personId: row.employeeId, descriptor: bytesToDescriptor(row.descriptor) })));
  cached = { key, gallery };
  return gallery;
}
