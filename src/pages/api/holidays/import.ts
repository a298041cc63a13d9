import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { importPublicHolidays } from '#server/services/holidays/import-public-holidays.ts';
import { previewHolidayImport } from '#server/services/holidays/preview-holiday-import.ts';

/**
 * Public holiday import (decision 053). GET `?company=&country=&region=&year=`: the preview
 * `{company, country, region, year, holidays: [{date, name, source: boe|region|city|library, status: new|exists, existingName}]}`
 * (source: decision 074).
 * POST `{company, country, region, year}`: `{imported, skipped, locked, message}` (locked: days left
 * out because an employee of the company has their period approved, decision 051).
 */
export const GET = endpoint(async (context) => {
  requireUser(context);
  return answer('GET /api/holidays/import', await previewHolidayImport(await getDb(), context.url.searchParams, context.locals.lang));
});

export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const result = await importPublicHolidays(await getDb(), await readJson(context.request), user.id, context.locals.lang);
  return answer('POST /api/holidays/import', { ...result, message: translate(context.locals.lang, result.locked > 0 ? 'holidays.import.doneLocked' : 'holidays.import.done', { ...result }) });
});
