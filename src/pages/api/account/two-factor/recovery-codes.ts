import { CurrentPasswordSchema } from '#domain/auth/two-factor-schemas.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { renewRecoveryCodes } from '#server/services/two-factor/renew-recovery-codes.ts';

/** POST `{password}` -> `{recoveryCodes, message}`: ten new recovery codes replace the old ones (decision 090). */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const { password } = parseInput(CurrentPasswordSchema, await readJson(context.request));
  const recoveryCodes = await renewRecoveryCodes(await getDb(), user.id, password);
  return answer('POST /api/account/two-factor/recovery-codes', { recoveryCodes, message: translate(context.locals.lang, 'twoFactor.codesRenewed') });
});
