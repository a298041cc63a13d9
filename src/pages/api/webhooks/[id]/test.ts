import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { sendTestWebhook } from '#server/services/webhooks/send-test-webhook.ts';

/** POST (setting.update): a signed `webhook.test` event now; 200 with the receiver's status, 502 with the reason it failed; for a non-public address only delivered (status null) or not (issue 34.7). */
export const POST = endpoint(async (context) => {
  const { status } = await sendTestWebhook(await getDb(), requireUser(context), parseId(context.params['id']));
  const message = status === null ? translate(context.locals.lang, 'webhooks.testDeliveredPrivate') : translate(context.locals.lang, 'webhooks.testDelivered', { status });
  return answer('POST /api/webhooks/{id}/test', { status, message });
});
