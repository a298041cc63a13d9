import type { IncomingMessage } from 'node:http';
import { AppError } from './app-error.ts';
import { findUnstorableText, type TextProblem } from '../../domain/text/storable-text.ts';
import { jsonTooDeep, MAX_JSON_DEPTH } from './json-depth.ts';

/**
 * Reads a JSON body of up to `maxBytes` as a stream. 415 unless application/json, 413
 * (`tooLargeKey`) as soon as the declared or streamed size passes the limit — the rest is not
 * read, so an oversized or endless chunked upload is never held in memory — and 400 for
 * malformed JSON or a body that breaks off, 400 `errors.jsonTooDeep` for arrays/objects nested
 * deeper than MAX_JSON_DEPTH (checked on the bytes, before JSON.parse), 422 naming the field for
 * text the record cannot keep exactly (refuseUnstorableText). Every JSON endpoint reads through here (readJson,
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
 * readJsonBody for a Node request (the clock's fast path in serve.ts): the same 415/413/400/422.
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

/** UTF-8 that refuses malformed bytes; a BOM stays in the text (and JSON.parse refuses it, as before). */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function parseJsonBytes(chunks: Uint8Array[], size: number): unknown {
  const bytes = Buffer.concat(chunks, size);
  if (jsonTooDeep(bytes)) throw new AppError('errors.jsonTooDeep', 400, { max: MAX_JSON_DEPTH });
  let text: string;
  let malformedBytes = false;
  try {
    text = STRICT_UTF8.decode(bytes);
  } catch {
    // Decoded with U+FFFD for the bad bytes, so the field holding them can be named below.
    text = bytes.toString('utf8');
    malformedBytes = true;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('errors.badJson', 400);
  }
  refuseUnstorableText(value, malformedBytes);
  return value;
}

/**
 * 422 naming the first field whose text the record cannot keep exactly (storable-text.ts: not
 * well-formed Unicode, or a control character but tab, LF and CR), for every endpoint at once.
 * Bytes that are not UTF-8 are text that is not well-formed either: the field is the one holding
 * the U+FFFD they decoded to.
 */
function refuseUnstorableText(value: unknown, malformedBytes: boolean): void {
  const found = findUnstorableText(value) ?? (malformedBytes ? findUnstorableText(value, (t) => (t.includes('\uFFFD') ? 'notWellFormed' : null)) : null);
  if (!found && malformedBytes) throw new AppError('errors.badJson', 400);
  if (!found) return;
  const [message, fieldMessage] = TEXT_REFUSALS[found.problem];
  throw new AppError(message, 422, { field: found.field }, { [found.field]: fieldMessage });
}

/** The answer's message and the field's message (i18n keys) for each problem. */
const TEXT_REFUSALS: Record<TextProblem, readonly [string, string]> = {
  notWellFormed: ['errors.textNotWellFormed', 'validation.textNotWellFormed'],
  controlCharacter: ['errors.textControlCharacter', 'validation.textControlCharacter'],
};
