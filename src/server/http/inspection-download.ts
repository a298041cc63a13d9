import type { APIContext } from 'astro';
import { translate } from '../../i18n/translate.ts';
import { getDb } from '../db/connection.ts';
import { inspectionRecordDownload } from '../services/access/inspection-record.ts';
import { downloadLanguage } from '../services/reports/report-downloads.ts';
import { getSettings } from '../services/get-settings.ts';
import { AppError } from './app-error.ts';
import { asAppError } from './json.ts';
import { terminalAddress } from './terminal-address.ts';

/**
 * The inspector's downloads (decision 036): the token in the path is the only key. A refused
 * token answers its translated message as plain text with its status (404, or 429 with
 * Retry-After), like the page; never a 500 with details.
 */
export async function inspectionDownload(context: APIContext, format: 'xlsx' | 'pdf' | 'json' | 'csv'): Promise<Response> {
  const lang = downloadLanguage(context.url.searchParams, context.locals.lang);
  try {
    const db = await getDb();
    const address = terminalAddress(context, await getSettings(db));
    const answer = await inspectionRecordDownload(db, context.params['token'] ?? '', context.url.searchParams, address, format, lang);
    answer.headers.set('referrer-policy', 'no-referrer');
    return answer;
  } catch (error) {
    const e: AppError = asAppError(error);
    const headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
    if (e.status === 429) headers['retry-after'] = String(e.params['retryAfterSeconds'] ?? 60);
    return new Response(translate(lang, e.code, e.params), { status: e.status, headers });
  }
}
