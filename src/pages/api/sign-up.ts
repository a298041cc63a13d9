import { SignUpSchema } from '../../domain/auth/auth-schemas.ts';
import { getDb } from '../../server/db/connection.ts';
import { AppError } from '../../server/http/app-error.ts';
import { answer } from '../../server/http/answer.ts';
import { endpoint } from '../../server/http/endpoint.ts';
import { parseInput, readJson } from '../../server/http/json.ts';
import { setSessionCookie } from '../../server/http/session-cookie.ts';
import { sessionOrigin } from '../../server/http/session-origin.ts';
import { isFirstRun } from '../../server/services/first-run/first-run.ts';
import { toSessionUserDto } from '../../server/services/sign-in/session-user.ts';
import { signUp } from '../../server/services/first-run/sign-up.ts';

/** First run only: POST {company, full_name, email, password, confirmPassword?, country?, timezone?, demo?} -> as login; 403 afterwards. */
export const POST = endpoint(async (context) => {
  const db = await getDb();
  if (!(await isFirstRun(db))) throw new AppError('errors.signUpClosed', 403);
  const input = parseInput(SignUpSchema, await readJson(context.request));
  const result = await signUp(db, input, await sessionOrigin(context), context.locals.lang);
  await setSessionCookie(context, result.token);
  return answer('POST /api/sign-up', { accessToken: result.token, user: toSessionUserDto(result.user) });
});
