import { isPhotoId } from '#domain/employees/employee-photos.ts';
import { findPhotoFile, readPhotoFile } from './photo-files.ts';
import { loadSharp } from '../../lazy/load-sharp.ts';
import { log } from '../../log.ts';

/** Side of the square thumbnail the clock terminal shows (CSS shows it at up to 96 px, 2× for sharp screens). */
export const THUMBNAIL_SIDE = 192;
const MAX_CACHED = 256;
/** photo id -> data URL. A photo id never changes its content, so entries never go stale. */
const cache = new Map<string, string>();

/**
 * A small JPEG data URL of an employee's photo, for the clock terminal's answer. The terminal is
 * signed out, so it never gets a URL to the photo endpoint (which needs employee.read): only the
 * identified employee's current photo travels, inline, in the answer to their own punch.
 * Null when the employee has no photo or it cannot be read.
 */
export async function employeeThumbnail(employeeId: number, photoId: string | null): Promise<string | null> {
  if (!isPhotoId(photoId)) return null;
  const hit = cache.get(photoId);
  if (hit) return hit;
  try {
    const photo = await findPhotoFile(employeeId, photoId);
    if (!photo) return null;
    const sharp = await loadSharp();
    const bytes = await sharp(await readPhotoFile(photo))
      .rotate()
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'cover', position: 'centre' })
      .jpeg({ quality: 72, mozjpeg: true })
      .toBuffer();
    const url = `data:image/jpeg;base64,${bytes.toString('base64')}`;
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(photoId, url);
    return url;
  } catch (error) {
    log.error({ err: error }, 'employee thumbnail failed');
    return null;
  }
}
