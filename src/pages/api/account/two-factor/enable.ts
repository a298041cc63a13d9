import { TotpCodeSchema } from '#domain/auth/two-factor-schemas.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { enableTotp } from '#server/services/two-factor/enable-totp.ts';

/** POST `{code}` -> `{recoveryCodes, message}`: the app's first code turns TOTP on; the ten recovery codes are answered once (decision 090). */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const { code } = parseInput(TotpCodeSchema, await readJson(context.request));
  const recoveryCodes = await enableTotp(await getDb(), user.id, code);
  return answer('POST /api/account/two-factor/enable', { recoveryCodes, message: translate(context.locals.lang, 'twoFactor.enabled') });
});
