import { AppError } from './app-error.ts';

/**
 * Reads a JSON body of up to `maxBytes`, for the few endpoints that take files inside JSON (the
 * CSV import). Same rules as `readJson` — 415 unless application/json, 413 when too large, 400
 * for malformed JSON — but the body is read as a stream and abandoned as soon as it passes the
 * limit, so an oversized upload is never held in memory whole.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) throw new AppError('errors.unsupportedMediaType', 415);
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new AppError('errors.payloadTooLarge', 413);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new AppError('errors.payloadTooLarge', 413);
      }
      chunks.push(value);
    }
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new AppError('errors.badJson', 400);
  }
}
