import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { revealWebhookSecret } from '#server/services/webhooks/reveal-webhook-secret.ts';

/** POST (setting.update) -> `{secret}`: the signing secret again, audited (decision 058). */
export const POST = endpoint(async (context) => {
  const secret = await revealWebhookSecret(await getDb(), requireUser(context), parseId(context.params['id']));
  return answer('POST /api/webhooks/{id}/secret', { secret });
});
