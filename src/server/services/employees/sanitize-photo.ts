import { checkPhotoBytes, PHOTO_LIMITS, type PhotoType } from '#domain/employees/image-type.ts';
import { AppError } from '../../http/app-error.ts';
import { loadSharp } from '../../lazy/load-sharp.ts';

/** Stored photos are at most this wide and high (enough for a face; smaller files). */
export const STORED_MAX_SIDE = 1600;

export interface CleanPhoto {
  bytes: Buffer;
  type: PhotoType;
  width: number;
  height: number;
}

/** The AppError for a photo problem (413 for too many bytes, else 422), on the `image` field. */
export function photoError(problem: string): AppError {
  return new AppError(problem, problem === 'photos.tooLarge' ? 413 : 422, {}, { image: problem });
}

/**
 * Checks an uploaded photo by its content (type by magic bytes, size, dimensions from the header)
 * and re-encodes it with sharp in the same format: the EXIF orientation is applied, then all
 * metadata (EXIF, GPS, XMP, ICC, text chunks) is dropped, only the first frame is kept and the
 * image is scaled down to STORED_MAX_SIDE. A file that does not decode is refused (422).
 */
export async function sanitizePhoto(bytes: Uint8Array): Promise<CleanPhoto> {
  const check = checkPhotoBytes(bytes);
  if (!check.ok) throw photoError(check.problem);
  const sharp = await loadSharp();
  try {
    let image = sharp(bytes, {
      failOn: 'error',
      limitInputPixels: PHOTO_LIMITS.maxSide * PHOTO_LIMITS.maxSide,
      animated: false,
    })
      .rotate()
      .resize({ width: STORED_MAX_SIDE, height: STORED_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    image = check.type === 'image/jpeg' ? image.jpeg({ quality: 90, mozjpeg: true }) : check.type === 'image/png' ? image.png({ compressionLevel: 9 }) : image.webp({ quality: 90 });
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return { bytes: data, type: check.type, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw photoError('photos.notAnImage');
  }
}
