import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { revokeApiToken } from '#server/services/api-tokens/revoke-api-token.ts';

/** POST: the token stops working at once (its creator, or an account with setting.update; 404 otherwise). */
export const POST = endpoint(async (context) => {
  await revokeApiToken(await getDb(), requireUser(context), parseId(context.params['id']));
  return answer('POST /api/api-tokens/{id}/revoke', { message: translate(context.locals.lang, 'tokens.revokedDone') });
});
