import { CurrentPasswordSchema } from '#domain/auth/two-factor-schemas.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { disableTotp } from '#server/services/two-factor/disable-totp.ts';

/** POST `{password}` -> `{message}`: turns TOTP off (decision 090); 409 when the company requires it and no passkey remains. */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const { password } = parseInput(CurrentPasswordSchema, await readJson(context.request));
  await disableTotp(await getDb(), user, password);
  return answer('POST /api/account/two-factor/disable', { message: translate(context.locals.lang, 'twoFactor.disabled') });
});
