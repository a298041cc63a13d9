import { AppError } from './app-error.ts';

/**
 * Reads a JSON body of up to `maxBytes` as a stream. 415 unless application/json, 413
 * (`tooLargeKey`) as soon as the declared or streamed size passes the limit — the rest is not
 * read, so an oversized or endless chunked upload is never held in memory — and 400 for
 * malformed JSON or a body that breaks off. Every JSON endpoint reads through here (readJson,
 * readLargeJson, the CSV import).
 */
export async function readJsonBody(request: Request, maxBytes: number, tooLargeKey = 'errors.payloadTooLarge'): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) throw new AppError('errors.unsupportedMediaType', 415);
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new AppError(tooLargeKey, 413);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        // The Node adapter's hard cap (body-limits.ts) ends the stream with an error; anything
        // else is a body that broke off.
        const tooLarge = error instanceof Error && /size limit/i.test(error.message);
        throw new AppError(tooLarge ? tooLargeKey : 'errors.badJson', tooLarge ? 413 : 400);
      }
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new AppError(tooLargeKey, 413);
      }
      chunks.push(chunk.value);
    }
  }
  try {
    return JSON.parse(Buffer.concat(chunks, size).toString('utf8'));
  } catch {
    throw new AppError('errors.badJson', 400);
  }
}
