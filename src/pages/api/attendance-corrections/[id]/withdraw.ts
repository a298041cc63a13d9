import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { withdrawCorrectionRequest } from '#server/services/corrections/withdraw-correction-request.ts';
import { answer } from '#server/http/answer.ts';

/** POST: the worker withdraws their own pending correction request (kept as withdrawn). */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  await withdrawCorrectionRequest(await getDb(), parseId(context.params['id']), user);
  return answer('POST /api/attendance-corrections/{id}/withdraw', { message: translate(context.locals.lang, 'corrections.withdrawn') });
});
