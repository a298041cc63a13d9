import { ResetPasswordSchema } from '#domain/accounts/account-links.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { setSessionCookie } from '#server/http/session-cookie.ts';
import { sessionOrigin } from '#server/http/session-origin.ts';
import { resetPassword } from '#server/services/accounts/reset-password.ts';
import { toSessionUserDto } from '#server/services/sign-in/session-user.ts';

/** POST {token, password, confirmPassword} (public) -> signed in with the new password; every other session ended (decision 066). */
export const POST = endpoint(async (context) => {
  const input = parseInput(ResetPasswordSchema, await readJson(context.request));
  const result = await resetPassword(await getDb(), input, await sessionOrigin(context));
  await setSessionCookie(context, result.token);
  return answer('POST /api/password/reset', { accessToken: result.token, user: toSessionUserDto(result.user), message: translate(context.locals.lang, 'passwordReset.done') });
});
