import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { retryOutboxMessage } from '#server/services/outbox/retry-outbox-message.ts';

/** POST (setting.update): a failed message is tried again now; 409 unless it is failed (decision 054). */
export const POST = endpoint(async (context) => {
  await retryOutboxMessage(await getDb(), requireUser(context).id, parseId(context.params['id']));
  return answer('POST /api/outbox/{id}/retry', { message: translate(context.locals.lang, 'outbox.retried') });
});
