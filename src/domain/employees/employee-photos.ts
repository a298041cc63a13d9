import * as v from 'valibot';
import { PHOTO_LIMITS } from './image-type.ts';

/**
 * Employee photos: ids, URLs and the shapes the photos API reads and answers. Shared by the
 * server and the photo island (no I/O here).
 *
 * A photo id is `<creation time in ms, base 36>-<96 random bits in hex>`: unguessable, sortable
 * by age, and safe as a file name (the pattern admits nothing else).
 */
export const PHOTO_ID_PATTERN = /^[0-9a-z]{8,11}-[0-9a-f]{24}$/;

export function isPhotoId(value: unknown): value is string {
  return typeof value === 'string' && PHOTO_ID_PATTERN.test(value);
}

/** A new id from a time and 12 random bytes in hex (the caller supplies the randomness). */
export function makePhotoId(nowMs: number, randomHex: string): string {
  const id = `${Math.floor(nowMs).toString(36)}-${randomHex.toLowerCase()}`;
  if (!isPhotoId(id)) throw new RangeError('invalid photo id parts');
  return id;
}

/** When the photo was uploaded (from its id). */
export function photoCreatedAt(photoId: string): string {
  return new Date(parseInt(photoId.slice(0, photoId.indexOf('-')), 36)).toISOString();
}

/** Where a signed-in user with employee.read gets the image (never a public URL). */
export function photoImageUrl(employeeId: number, photoId: string): string {
  return `/api/employees/${employeeId}/photos/${photoId}/image`;
}

/**
 * The URL of an employee's current photo from the `image` field of an employee record, or null.
 * Use it wherever the photo is shown (employee details, lists).
 */
export function employeeImageUrl(employee: { _id: number; image: string | null }): string | null {
  return isPhotoId(employee.image) ? photoImageUrl(employee._id, employee.image) : null;
}

export interface EmployeePhotoDto {
  _id: string;
  url: string;
  createdAt: string;
  /** A face descriptor was stored from this photo (the descriptor itself is never sent). */
  faceData: boolean;
  /** This is the employee's current photo (`employees.image`). */
  current: boolean;
}

export interface BiometricConsentDto {
  at: string;
  by: number | null;
  byName: string | null;
}

export interface EmployeePhotosAnswer {
  data: EmployeePhotoDto[];
  consent: BiometricConsentDto | null;
  /** How many face descriptors the employee has (photos with face data). */
  faceDescriptors: number;
}

/** Base64 of the largest photo plus the `data:` prefix. */
const MAX_DATA_URL_CHARS = Math.ceil(PHOTO_LIMITS.maxBytes / 3) * 4 + 100;

/**
 * Face numbers sent by a client are refused (issue 34.4): the server computes every enrolment
 * descriptor from the photo itself. Only an absent or null `descriptor` passes.
 */
const noClientDescriptor = v.optional(
  v.pipe(
    v.unknown(),
    v.check((d) => d === null, 'photos.descriptorFromClient'),
  ),
);

/**
 * Upload body: the image as a base64 `data:` URL (its bytes are checked on the server, the
 * declared type is ignored) and, with `enrol: true`, the request to store its face data, which
 * the server computes from the photo. A `descriptor` is refused (422 `photos.descriptorFromClient`).
 */
export const PhotoUploadInput = v.object(
  {
    image: v.pipe(v.string('photos.imageRequired'), v.nonEmpty('photos.imageRequired')),
    enrol: v.optional(v.boolean('validation.invalidInput'), false),
    descriptor: noClientDescriptor,
  },
  'validation.invalidInput',
);
export type PhotoUploadInput = v.InferOutput<typeof PhotoUploadInput>;

/** The image part is refused as too large before decoding when it cannot fit PHOTO_LIMITS. */
export function dataUrlTooLong(image: string): boolean {
  return image.length > MAX_DATA_URL_CHARS;
}

/** Enrolling a photo on file: an empty body (or `{}`); numbers are refused, the server computes them. */
export const EnrolPhotoInput = v.optional(v.nullable(v.object({ descriptor: noClientDescriptor }, 'validation.invalidInput')), null);

export const ConsentInput = v.object({ consent: v.boolean('validation.invalidInput') }, 'validation.invalidInput');
