import { UpdateWebhookSchema } from '#domain/webhooks/webhook-input.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { deleteWebhook } from '#server/services/webhooks/delete-webhook.ts';
import { updateWebhook } from '#server/services/webhooks/update-webhook.ts';

/** PATCH {url?, events?, description?, enabled?, format?} (setting.update): effective for the next event. */
export const PATCH = endpoint(async (context) => {
  const id = parseId(context.params['id']);
  const input = parseInput(UpdateWebhookSchema, await readJson(context.request));
  const data = await updateWebhook(await getDb(), requireUser(context), id, input);
  return answer('PATCH /api/webhooks/{id}', { data, message: translate(context.locals.lang, 'webhooks.saved') });
});

/** DELETE (setting.update): the webhook and its deliveries still waiting. */
export const DELETE = endpoint(async (context) => {
  await deleteWebhook(await getDb(), requireUser(context), parseId(context.params['id']));
  return answer('DELETE /api/webhooks/{id}', { message: translate(context.locals.lang, 'webhooks.deleted') });
});
