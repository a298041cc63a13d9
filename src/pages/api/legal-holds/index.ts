import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { listLegalHolds, placeCompanyHold } from '#server/services/retention/legal-holds.ts';

/** GET the legal holds of the companies the account manages, newest first (setting.read; decision 083). */
export const GET = endpoint(async (context) => {
  const data = await listLegalHolds(await getDb(), requireUser(context));
  return answer('GET /api/legal-holds', { data, total: data.length });
});

/** POST {companyId, reason} (setting.update) -> 201 `{data: hold}`: a hold on a whole company. */
export const POST = endpoint(async (context) => {
  const data = await placeCompanyHold(await getDb(), requireUser(context), await readJson(context.request));
  return answer('POST /api/legal-holds', { data, message: translate(context.locals.lang, 'legalHold.placed') });
});
