import { ConsentInput } from '#domain/employees/employee-photos.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { setBiometricConsent } from '#server/services/employees/set-biometric-consent.ts';

/** PUT {consent: boolean}: record (date and user) or withdraw (deletes face data) biometric consent. */
export const PUT = endpoint(async (context) => {
  const user = requireUser(context);
  const id = parseId(context.params['id']);
  const { consent } = parseInput(ConsentInput, await readJson(context.request));
  const data = await setBiometricConsent(await getDb(), id, consent, user);
  return answer('PUT /api/employees/{id}/consent', { data, message: translate(context.locals.lang, consent ? 'photos.consentRecorded' : 'photos.consentWithdrawn') });
});
