import { ForgotPasswordSchema } from '#domain/accounts/account-links.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { terminalAddress } from '#server/http/terminal-address.ts';
import { getSettings } from '#server/services/get-settings.ts';
import { requestPasswordReset } from '#server/services/accounts/request-password-reset.ts';

/**
 * POST {email} (public) -> 200 `{message}`, the same whether the address has an account or not;
 * 429 within the sign-in limits (decision 066). The link is made after this answer.
 */
export const POST = endpoint(async (context) => {
  const db = await getDb();
  const input = parseInput(ForgotPasswordSchema, await readJson(context.request));
  await requestPasswordReset(db, { email: input.email, address: terminalAddress(context, await getSettings(db)) });
  return answer('POST /api/password/forgot', { message: translate(context.locals.lang, 'passwordReset.sent') });
});
