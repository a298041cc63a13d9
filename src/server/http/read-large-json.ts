import { AppError } from './app-error.ts';

/** Largest photo upload body: a 5 MB image as base64 (6.7 MB) plus its descriptor. */
export const MAX_UPLOAD_BYTES = 7 * 1024 * 1024;

/**
 * Reads a JSON body of up to `limit` bytes for the endpoints that carry files (the general
 * `readJson` stops at 256 KB). Same answers as `readJson`: 415 unless application/json, 413 as soon
 * as the declared or streamed size passes the limit (the rest is not read), 400 for bad JSON.
 */
export async function readLargeJson(request: Request, limit = MAX_UPLOAD_BYTES): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) throw new AppError('errors.unsupportedMediaType', 415);
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw new AppError('photos.bodyTooLarge', 413);
  if (!request.body) throw new AppError('errors.badJson', 400);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new AppError('photos.bodyTooLarge', 413);
    }
    chunks.push(value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks, size).toString('utf8'));
  } catch {
    throw new AppError('errors.badJson', 400);
  }
}
