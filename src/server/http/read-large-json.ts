import { readJsonBody } from './json-body.ts';

/** Largest photo upload body: a 5 MB image as base64 (6.7 MB) plus its descriptor. */
export const MAX_UPLOAD_BYTES = 7 * 1024 * 1024;

/**
 * Reads a JSON body of up to `limit` bytes for the endpoints that carry files (the general
 * `readJson` stops at 256 KB). Same answers as `readJson` (json-body.ts), with the photo
 * message for 413.
 */
export function readLargeJson(request: Request, limit = MAX_UPLOAD_BYTES): Promise<unknown> {
  return readJsonBody(request, limit, 'photos.bodyTooLarge');
}
