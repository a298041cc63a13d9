/**
 * Employee photo checks on the raw bytes, before any decoder sees them: the type comes from the
 * file's magic bytes (never from its name or a declared media type) and the dimensions from its
 * header, so a renamed text file or a decompression bomb is refused without decoding it.
 */

export type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp';

export const PHOTO_LIMITS = {
  /** Largest accepted file, decoded (5 MB). */
  maxBytes: 5 * 1024 * 1024,
  /** Smallest and largest accepted width and height, in pixels. */
  minSide: 64,
  maxSide: 6000,
} as const;

export const PHOTO_EXTENSIONS: Readonly<Record<PhotoType, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export type PhotoProblem = 'photos.notAnImage' | 'photos.tooLarge' | 'photos.tooSmall' | 'photos.tooBig' | 'photos.empty';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const ascii = (bytes: Uint8Array, at: number, text: string) => bytes.length >= at + text.length && [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

/** The image type by its magic bytes: JPEG, PNG or WebP; null for anything else. */
export function sniffImageType(bytes: Uint8Array): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'image/png';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp';
  return null;
}

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);

/** JPEG start-of-frame markers (baseline, progressive, lossless, arithmetic); not DHT/JPG/DAC. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RST0-7, SOI, EOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      at += 2;
      continue;
    }
    const length = u16be(b, at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > b.length) return null;
      return { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    }
    if (marker === 0xda) return null; // image data before any frame header
    at += 2 + length;
  }
  return null;
}

function pngSize(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 24 || !ascii(b, 12, 'IHDR')) return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

function webpSize(b: Uint8Array): { width: number; height: number } | null {
  if (ascii(b, 12, 'VP8 ') && b.length >= 30) {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (ascii(b, 12, 'VP8L') && b.length >= 25) {
    if (b[20] !== 0x2f) return null;
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (ascii(b, 12, 'VP8X') && b.length >= 30) {
    return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  }
  return null;
}

/** Width and height from the file header, or null when the header is missing or damaged. */
export function readImageSize(bytes: Uint8Array, type: PhotoType): { width: number; height: number } | null {
  const size = type === 'image/jpeg' ? jpegSize(bytes) : type === 'image/png' ? pngSize(bytes) : webpSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

export type PhotoCheck = { ok: true; type: PhotoType; width: number; height: number } | { ok: false; problem: PhotoProblem };

/** Type by content, size and dimensions within PHOTO_LIMITS; the first problem found otherwise. */
export function checkPhotoBytes(bytes: Uint8Array): PhotoCheck {
  if (bytes.length === 0) return { ok: false, problem: 'photos.empty' };
  if (bytes.length > PHOTO_LIMITS.maxBytes) return { ok: false, problem: 'photos.tooLarge' };
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, problem: 'photos.notAnImage' };
  const size = readImageSize(bytes, type);
  if (!size) return { ok: false, problem: 'photos.notAnImage' };
  if (size.width < PHOTO_LIMITS.minSide || size.height < PHOTO_LIMITS.minSide) return { ok: false, problem: 'photos.tooSmall' };
  if (size.width > PHOTO_LIMITS.maxSide || size.height > PHOTO_LIMITS.maxSide) return { ok: false, problem: 'photos.tooBig' };
  return { ok: true, type, ...size };
}

/**
 * The payload of a base64 `data:` URL. The declared media type is ignored on purpose (the bytes
 * are sniffed); null when the text is not a well-formed base64 data URL.
 */
export function dataUrlBase64(text: string): string | null {
  const comma = text.indexOf(',');
  if (comma < 0 || comma > 100) return null;
  if (!/^data:[a-z0-9.+-]+\/[a-z0-9.+-]+(;[a-z0-9-]+=[a-z0-9.-]+)*;base64$/i.test(text.slice(0, comma))) return null;
  const payload = text.slice(comma + 1);
  if (payload.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) return null;
  return payload;
}

/** Decoded length of a base64 payload, without decoding it. */
export function base64DecodedLength(payload: string): number {
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return (payload.length / 4) * 3 - padding;
}
