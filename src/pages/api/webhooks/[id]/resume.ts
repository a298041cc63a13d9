import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { translate } from '#i18n/translate.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { resumeWebhook } from '#server/services/webhooks/resume-webhook.ts';

/** POST (setting.update) -> the webhook: a paused receiver's deliveries go again (decision 094). */
export const POST = endpoint(async (context) => {
  const data = await resumeWebhook(await getDb(), requireUser(context), parseId(context.params['id']));
  return answer('POST /api/webhooks/{id}/resume', { data, message: translate(context.locals.lang, 'webhooks.resumed') });
});
