import { CreateWebhookSchema } from '#domain/webhooks/webhook-input.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { createWebhook } from '#server/services/webhooks/create-webhook.ts';
import { listWebhooks } from '#server/services/webhooks/list-webhooks.ts';

/** GET (setting.read) the account's webhooks with their latest deliveries, never their secrets (decision 058). */
export const GET = endpoint(async (context) => {
  const data = await listWebhooks(await getDb(), requireUser(context));
  return answer('GET /api/webhooks', { data, total: data.length });
});

/** POST {url, events, description?, format?} (setting.update) -> 201 `{data, secret}`: the signing secret in full. */
export const POST = endpoint(async (context) => {
  const input = parseInput(CreateWebhookSchema, await readJson(context.request));
  const { data, secret } = await createWebhook(await getDb(), requireUser(context), input);
  return answer('POST /api/webhooks', { data, secret, message: translate(context.locals.lang, 'webhooks.created') });
});
