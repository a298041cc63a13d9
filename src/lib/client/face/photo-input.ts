/**
 * Reading photos in the browser for upload: decode a file, and produce the data URL to send.
 * The server checks and re-encodes every upload again; this only keeps uploads small and lets the
 * face detector see the same pixels.
 */
import { PHOTO_LIMITS } from '#domain/employees/image-type.ts';

/** Uploads above this side or PHOTO_LIMITS.maxBytes are re-encoded as JPEG at this side. */
export const UPLOAD_MAX_SIDE = 2048;
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp']);

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.decoding = 'async';
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image did not decode'));
    img.src = src;
  });
}

export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('file could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** A JPEG data URL of the source scaled to fit `maxSide`. */
export function jpegDataUrl(source: HTMLImageElement | HTMLCanvasElement | HTMLVideoElement, width: number, height: number, maxSide = UPLOAD_MAX_SIDE): string {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  canvas.getContext('2d')!.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', 0.92);
}

/**
 * Decodes a chosen file. Null when the browser cannot show it as an image. The original bytes
 * are sent when they are a small JPEG, PNG or WebP; anything else is re-encoded as JPEG.
 */
export async function prepareFile(file: File): Promise<{ image: HTMLImageElement; dataUrl: string } | null> {
  const url = URL.createObjectURL(file);
  try {
    const image = await loadImage(url).catch(() => null);
    if (!image || image.naturalWidth === 0) return null;
    const { naturalWidth: w, naturalHeight: h } = image;
    const asIs = ACCEPTED.has(file.type) && file.size <= PHOTO_LIMITS.maxBytes && Math.max(w, h) <= PHOTO_LIMITS.maxSide;
    const dataUrl = asIs ? await readAsDataUrl(file) : jpegDataUrl(image, w, h);
    return { image, dataUrl };
  } finally {
    URL.revokeObjectURL(url);
  }
}
