import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isPhotoId, makePhotoId } from '#domain/employees/employee-photos.ts';
import { PHOTO_EXTENSIONS, type PhotoType } from '#domain/employees/image-type.ts';
import { dataDir } from '../../config/data-dir.ts';
import { nowMs } from '../../clock/now.ts';

/**
 * Employee photo files: `DATA_DIR/uploads/employees/<employeeId>/<photoId>.<jpg|png|webp>`, owner
 * read/write only. The folder is the list of an employee's photos; `face_descriptors.image` and
 * `employees.image` hold photo ids. Names are random and matched against a strict pattern, so
 * no request can reach a path outside the folder.
 */

export interface PhotoFile {
  id: string;
  type: PhotoType;
  file: string;
}

const TYPE_OF_EXTENSION = new Map(Object.entries(PHOTO_EXTENSIONS).map(([type, ext]) => [ext, type as PhotoType]));

export function uploadsDir(): string {
  return path.join(dataDir(), 'uploads');
}

export function employeePhotosDir(employeeId: number): string {
  if (!Number.isSafeInteger(employeeId) || employeeId < 1) throw new RangeError('invalid employee id');
  return path.join(uploadsDir(), 'employees', String(employeeId));
}

function parseName(dir: string, name: string): PhotoFile | undefined {
  const dot = name.lastIndexOf('.');
  const id = name.slice(0, dot);
  const type = TYPE_OF_EXTENSION.get(name.slice(dot + 1));
  return dot > 0 && type && isPhotoId(id) ? { id, type, file: path.join(dir, name) } : undefined;
}

/** An employee's photos, newest first. */
export async function listPhotoFiles(employeeId: number): Promise<PhotoFile[]> {
  const dir = employeePhotosDir(employeeId);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .map((name) => parseName(dir, name))
    .filter((p): p is PhotoFile => p !== undefined)
    .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

export async function findPhotoFile(employeeId: number, photoId: string): Promise<PhotoFile | undefined> {
  if (!isPhotoId(photoId)) return undefined;
  return (await listPhotoFiles(employeeId)).find((p) => p.id === photoId);
}

export async function readPhotoFile(photo: PhotoFile): Promise<Buffer> {
  return readFile(photo.file);
}

/** Writes a new photo under a fresh random id (complete or not at all: temp file, then rename). */
export async function savePhotoFile(employeeId: number, bytes: Uint8Array, type: PhotoType, now = nowMs()): Promise<PhotoFile> {
  const dir = employeePhotosDir(employeeId);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const id = makePhotoId(now, randomBytes(12).toString('hex'));
  const file = path.join(dir, `${id}.${PHOTO_EXTENSIONS[type]}`);
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, bytes, { mode: 0o600, flag: 'wx' });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return { id, type, file };
}

/**
 * Takes a photo out of the list without losing it yet: returns functions that finish the removal
 * or put the file back (for a database change that fails in between).
 */
export async function setPhotoAside(photo: PhotoFile): Promise<{ commit: () => Promise<void>; restore: () => Promise<void> }> {
  const aside = `${photo.file}.${randomBytes(4).toString('hex')}.deleted`;
  await rename(photo.file, aside);
  return {
    commit: () => rm(aside, { force: true }),
    restore: () => rename(aside, photo.file),
  };
}

export async function removePhotoFile(photo: PhotoFile): Promise<void> {
  await rm(photo.file, { force: true });
}

/** Deletes every photo of an employee (call when the employee record is deleted). */
export async function removeEmployeePhotoFiles(employeeId: number): Promise<void> {
  await rm(employeePhotosDir(employeeId), { recursive: true, force: true });
}
