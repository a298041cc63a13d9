import { randomBytes } from 'node:crypto';
import { canReadEmployeeRecord, type RecordAccount } from '#domain/permissions/record-access.ts';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isPhotoId, makePhotoId, photoCreatedAt } from '#domain/employees/employee-photos.ts';
import { base64DecodedLength, checkPhotoBytes, dataUrlBase64 } from '#domain/employees/image-type.ts';
import { MAX_PUNCH_PHOTO_BYTES } from '#domain/clock/punch-photo-limits.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { findAttendanceEmployee } from '../../db/repositories/attendances.ts';
import { deletePunchPhotosBefore, findPunchPhoto, insertPunchPhoto, punchPhotosOfAttendance } from '../../db/repositories/punch-photos.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { uploadsDir } from '../employees/photo-files.ts';
import { loadSharp } from '../../lazy/load-sharp.ts';
import { log } from '../../log.ts';

/**
 * Punch snapshots (setting `punchPhoto`): a small camera frame kept with each face punch so an
 * admin can review buddy punching, deleted after `punchPhotoRetentionDays`. Files are
 * DATA_DIR/uploads/punch-photos/<photo id>.jpg (0600 in a 0700 folder), re-encoded by sharp
 * (metadata dropped) at most PUNCH_PHOTO_SIDE wide; rows in `punch_photos` tie them to punches.
 */
export const PUNCH_PHOTO_SIDE = 320;

const DAY_MS = 86_400_000;

export function punchPhotosDir(): string {
  return path.join(uploadsDir(), 'punch-photos');
}

const refuse = () => new AppError('validation.invalidInput', 422, {}, { photo: 'validation.invalidInput' });

/** The bytes of a snapshot sent with a punch, checked to be a small JPEG, PNG or WebP; 422 on `photo` otherwise. */
export function punchFrameBytes(dataUrl: string): Buffer {
  const payload = dataUrlBase64(dataUrl);
  if (!payload || base64DecodedLength(payload) > MAX_PUNCH_PHOTO_BYTES) throw refuse();
  const bytes = Buffer.from(payload, 'base64');
  if (!checkPhotoBytes(bytes).ok) throw refuse();
  return bytes;
}

/** Decodes, checks and re-encodes a snapshot sent with a punch; 422 on the `photo` field when it is not a small image. */
export async function preparePunchPhoto(dataUrl: string): Promise<Buffer> {
  const bytes = punchFrameBytes(dataUrl);
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { failOn: 'error', animated: false }).resize({ width: PUNCH_PHOTO_SIDE, height: PUNCH_PHOTO_SIDE, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 70, mozjpeg: true }).toBuffer();
  } catch {
    throw refuse();
  }
}

/** Stores a prepared snapshot with its punch (the file first; removed again if the row fails). */
export async function savePunchPhoto(db: Db, input: { punchId: number; employeeId: number; bytes: Buffer }): Promise<void> {
  const dir = punchPhotosDir();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const now = nowMs();
  const file = `${makePhotoId(now, randomBytes(12).toString('hex'))}.jpg`;
  const full = path.join(dir, file);
  const temp = `${full}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, input.bytes, { mode: 0o600, flag: 'wx' });
  await rename(temp, full);
  try {
    await insertPunchPhoto(db, { punchId: input.punchId, employeeId: input.employeeId, file, createdAt: new Date(now).toISOString() });
  } catch (error) {
    await rm(full, { force: true });
    throw error;
  }
}

/**
 * Deletes snapshots older than the retention period: their rows, their files, and any file in
 * the folder older than that whatever its row says (a crash between file and row). Returns how
 * many files were removed.
 */
export async function purgePunchPhotos(db: Db, retentionDays: number, now = nowMs()): Promise<number> {
  const cutoffMs = now - retentionDays * DAY_MS;
  const cutoff = new Date(cutoffMs).toISOString();
  await deletePunchPhotosBefore(db, cutoff);
  let names: string[];
  try {
    names = await readdir(punchPhotosDir());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const id = name.replace(/\.jpg(\.[0-9a-f]+\.tmp)?$/, '');
    if (!isPhotoId(id) || Date.parse(photoCreatedAt(id)) >= cutoffMs) continue;
    await rm(path.join(punchPhotosDir(), name), { force: true });
    removed++;
  }
  return removed;
}

let timer: NodeJS.Timeout | undefined;

/**
 * Purges now and then once a day (call at start). Reads the retention setting each time, so a
 * change applies at the next purge. Failures are logged, never fatal.
 */
export function schedulePunchPhotoPurge(db: Db, retentionDays: () => Promise<number>): void {
  const run = async () => {
    try {
      const removed = await purgePunchPhotos(db, await retentionDays());
      if (removed > 0) log.info({ removed }, `Deleted ${removed} punch photo(s) past the retention period.`);
    } catch (error) {
      log.error({ err: error }, 'Punch photo purge failed');
    }
  };
  void run();
  if (timer) clearInterval(timer);
  timer = setInterval(run, DAY_MS);
  timer.unref();
}

/** Who is looking: the record-access policy (decision 024) decides whose snapshots they see. */
export type PunchPhotoViewer = RecordAccount;

/** The snapshots of one attendance's punches, oldest first; only of an employee the viewer may read (else 404). */
export async function listAttendancePunchPhotos(db: Db, attendanceId: number, viewer: PunchPhotoViewer) {
  const attendance = await findAttendanceEmployee(db, attendanceId);
  if (!attendance || !canReadEmployeeRecord(viewer, attendance.employeeId)) throw notFound();
  const rows = await punchPhotosOfAttendance(db, attendanceId);
  return rows.map((r) => ({ punch: r.punchId, action: r.action, at: r.at, method: r.method, url: `/api/punches/${r.punchId}/photo` }));
}

/** The JPEG bytes of a punch's snapshot; 404 when there is none (or it has been purged) or the viewer may not see it. */
export async function readPunchPhoto(db: Db, punchId: number, viewer: PunchPhotoViewer): Promise<Buffer> {
  const row = await findPunchPhoto(db, punchId);
  if (!row || !isPhotoId(row.file.replace(/\.jpg$/, '')) || !canReadEmployeeRecord(viewer, row.employeeId)) throw notFound();
  try {
    return await readFile(path.join(punchPhotosDir(), row.file));
  } catch {
    throw notFound();
  }
}
