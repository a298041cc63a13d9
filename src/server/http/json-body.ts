import type { IncomingMessage } from 'node:http';
import { AppError } from './app-error.ts';
import { jsonTooDeep, MAX_JSON_DEPTH } from './json-depth.ts';

/**
 * Reads a JSON body of up to `maxBytes` as a stream. 415 unless application/json, 413
 * (`tooLargeKey`) as soon as the declared or streamed size passes the limit — the rest is not
 * read, so an oversized or endless chunked upload is never held in memory — and 400 for
 * malformed JSON or a body that breaks off, 400 `errors.jsonTooDeep` for arrays/objects nested
 * deeper than MAX_JSON_DEPTH (checked on the bytes, before JSON.parse). Every JSON endpoint reads through here (readJson,
 * readLargeJson, the CSV import); the clock's fast path (serve.ts) reads the Node request with
 * readNodeJsonBody, which applies the same checks.
 */
export async function readJsonBody(request: Request, maxBytes: number, tooLargeKey = 'errors.payloadTooLarge'): Promise<unknown> {
  checkJsonHead(request.headers.get('content-type'), request.headers.get('content-length'), maxBytes, tooLargeKey);
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
  return parseJsonBytes(chunks, size);
}

/**
 * readJsonBody for a Node request (the clock's fast path in serve.ts): the same 415/413/400.
 * Past the limit it stops collecting; as on Astro's path, Node discards whatever of the body
 * is still unread once the answer is sent.
 */
export function readNodeJsonBody(req: IncomingMessage, maxBytes: number, tooLargeKey = 'errors.payloadTooLarge'): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : (value ?? null);
    };
    checkJsonHead(header('content-type'), header('content-length'), maxBytes, tooLargeKey);
    const chunks: Uint8Array[] = [];
    let size = 0;
    const done = () => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onError).off('close', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        done();
        // Discarded, not held (as Node does with any unread body once the answer is sent).
        req.resume();
        reject(new AppError(tooLargeKey, 413));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      try {
        resolve(parseJsonBytes(chunks, size));
      } catch (error) {
        reject(error);
      }
    };
    const onError = () => {
      done();
      reject(new AppError('errors.badJson', 400));
    };
    // A connection closed before the end of the body is a body that broke off (also when that
    // happened before this reader started).
    if (req.destroyed || req.readableAborted) return void onError();
    req.on('data', onData).on('end', onEnd).on('error', onError).on('aborted', onError).on('close', onError);
  });
}

/** 415 unless the body is declared application/json; 413 when its declared size passes the limit. */
function checkJsonHead(type: string | null, length: string | null, maxBytes: number, tooLargeKey: string): void {
  if (!/^application\/json\s*(;|$)/i.test(type ?? '')) throw new AppError('errors.unsupportedMediaType', 415);
  if (Number(length ?? '0') > maxBytes) throw new AppError(tooLargeKey, 413);
}

function parseJsonBytes(chunks: Uint8Array[], size: number): unknown {
  const bytes = Buffer.concat(chunks, size);
  if (jsonTooDeep(bytes)) throw new AppError('errors.jsonTooDeep', 400, { max: MAX_JSON_DEPTH });
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new AppError('errors.badJson', 400);
  }
}
