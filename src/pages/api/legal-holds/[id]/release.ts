import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { releaseLegalHold } from '#server/services/retention/legal-holds.ts';

/** POST (setting.update, no body): releases a hold (404 unknown, 409 already released; decision 083). */
export const POST = endpoint(async (context) => {
  const data = await releaseLegalHold(await getDb(), requireUser(context), parseId(context.params['id']));
  return answer('POST /api/legal-holds/{id}/release', { data, message: translate(context.locals.lang, 'legalHold.released') });
});
