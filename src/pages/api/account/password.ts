import { ChangePasswordSchema } from '#domain/auth/auth-schemas.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { setSessionCookie } from '#server/http/session-cookie.ts';
import { sessionOrigin } from '#server/http/session-origin.ts';
import { translate } from '#i18n/translate.ts';
import { changePassword } from '#server/services/sign-in/change-password.ts';

/**
 * POST {currentPassword, newPassword, confirmPassword}: changes the password, ends the user's other
 * sessions and renews this one.
 */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const input = parseInput(ChangePasswordSchema, await readJson(context.request));
  const { token } = await changePassword(await getDb(), user.id, input, await sessionOrigin(context));
  await setSessionCookie(context, token);
  return answer('POST /api/account/password', { accessToken: token, message: translate(context.locals.lang, 'password.changed') });
});
