import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { discardOutboxMessage } from '#server/services/outbox/discard-outbox-message.ts';

/** POST (setting.update): a waiting or failed message is never tried again; 409 otherwise (decision 054). */
export const POST = endpoint(async (context) => {
  await discardOutboxMessage(await getDb(), requireUser(context).id, parseId(context.params['id']));
  return answer('POST /api/outbox/{id}/discard', { message: translate(context.locals.lang, 'outbox.discarded') });
});
