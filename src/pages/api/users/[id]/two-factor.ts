import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { resetSecondFactors } from '#server/services/two-factor/reset-second-factors.ts';

/** DELETE -> `{message}`: a SuperAdmin resets another user's second factors (TOTP, recovery codes, passkeys, remembered browsers; decision 090). */
export const DELETE = endpoint(async (context) => {
  const actor = requireUser(context);
  await resetSecondFactors(await getDb(), actor, parseId(context.params['id']));
  return answer('DELETE /api/users/{id}/two-factor', { message: translate(context.locals.lang, 'twoFactor.resetDone') });
});
