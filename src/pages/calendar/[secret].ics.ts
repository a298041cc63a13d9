import type { APIRoute } from 'astro';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { AppError } from '#server/http/app-error.ts';
import { asAppError } from '#server/http/json.ts';
import { terminalAddress } from '#server/http/terminal-address.ts';
import { getSettings } from '#server/services/get-settings.ts';
import { calendarFeedText } from '#server/services/roster/calendar-feed-file.ts';

/**
 * GET a worker's private calendar feed (decision 087): the secret in the path is the only key
 * (public route; the request log writes the path without it). Never cached by a proxy; a refused
 * secret answers its translated message as plain text (404, or 429 with Retry-After).
 */
export const GET: APIRoute = async (context) => {
  const lang = context.locals.lang;
  const headers = { 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex' };
  try {
    const db = await getDb();
    const text = await calendarFeedText(db, context.params['secret'] ?? '', terminalAddress(context, await getSettings(db)));
    return new Response(text, { status: 200, headers: { ...headers, 'content-type': 'text/calendar; charset=utf-8', 'content-disposition': 'inline; filename="jornada.ics"' } });
  } catch (error) {
    const e: AppError = asAppError(error);
    const extra: Record<string, string> = e.status === 429 ? { 'retry-after': String(e.params['retryAfterSeconds'] ?? 60) } : {};
    return new Response(translate(lang, e.code, e.params), { status: e.status, headers: { ...headers, ...extra, 'content-type': 'text/plain; charset=utf-8' } });
  }
};
