import * as v from 'valibot';
import { issuesToFieldKeys } from '../../domain/auth/auth-schemas.ts';
import type { Language } from '../../i18n/languages.ts';
import { translate } from '../../i18n/translate.ts';
import { AppError } from './app-error.ts';
import { readJsonBody } from './json-body.ts';
import { isStorageFull, isUnstorableText } from '../db/errors.ts';
import { WriteRefused } from '../db/write-refused.ts';
import { log } from '../log.ts';

/** Largest JSON body an endpoint reads (face descriptors and forms fit comfortably). */
export const MAX_JSON_BYTES = 256 * 1024;

/** Headers of every JSON answer (also written directly by the clock's fast path, serve.ts). */
export const JSON_HEADERS: Readonly<Record<string, string>> = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/**
 * `{message, code, errors?}` in the request's language; a 429 or 503 whose error carries
 * `retryAfterSeconds` also gets the Retry-After header.
 */
export function errorJson(error: AppError, lang: Language, headers: Record<string, string> = {}): Response {
  const retry = error.params['retryAfterSeconds'];
  const retryHeader: Record<string, string> = (error.status === 429 || error.status === 503) && typeof retry === 'number' ? { 'retry-after': String(retry) } : {};
  return json(errorBody(error, lang), error.status, { ...retryHeader, ...headers });
}

/** The body of an error answer: `{message, code, errors?}` in the request's language. */
export function errorBody(error: AppError, lang: Language): Record<string, unknown> {
  const body: Record<string, unknown> = {
    message: translate(lang, error.code, error.params),
    code: error.code,
  };
  if (Object.keys(error.fields).length > 0) {
    body['errors'] = Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, translate(lang, key)]));
  }
  return body;
}

/** Maps any thrown value to a JSON answer; unexpected errors are logged and become a plain 500. */
export function toErrorResponse(error: unknown, lang: Language): Response {
  return errorJson(asAppError(error), lang);
}

/**
 * Any thrown value as an AppError; a full disk (SQLITE_FULL, ENOSPC, PostgreSQL's 53100) is a
 * translated 503 with the cause logged; other unexpected errors are logged and become a plain 500.
 */
export function asAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof WriteRefused) return new AppError(error.code, error.status, error.params, error.fields);
  if (isUnstorableText(error)) return new AppError('validation.invalidInput', 422);
  if (isStorageFull(error)) {
    // A full disk is the operator's to fix: the real cause in the log, a translated 503 to the client.
    log.error({ err: error }, 'disk full: the write was refused');
    return new AppError('errors.diskFull', 503);
  }
  log.error({ err: error }, 'unexpected error');
  return new AppError('errors.somethingWentWrong', 500);
}

/**
 * Reads a JSON body within the size limit: 415 unless sent as application/json (which a
 * cross-site HTML form cannot send), 413 as soon as the declared or streamed size passes
 * MAX_JSON_BYTES (a chunked body is cut off there, never held whole), 400 for malformed JSON.
 */
export function readJson(request: Request): Promise<unknown> {
  return readJsonBody(request, MAX_JSON_BYTES);
}

/** Validates input with a valibot schema; 422 with per-field message keys when it fails. */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new AppError('validation.invalidInput', 422, {}, issuesToFieldKeys(result.issues));
  return result.output;
}
