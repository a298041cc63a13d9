import { TestEmailInput } from '#domain/notifications/test-email.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { sendTestEmail } from '#server/services/mail/send-test-email.ts';

/**
 * POST {to} (setting.update): one test message through the saved SMTP settings, sent now (not
 * queued). 200 `{message}` when the server accepted it; 409 when email is not set up; 502 with
 * the reason in plain words when the SMTP server could not be reached or refused it (decision 054).
 */
export const POST = endpoint(async (context) => {
  const input = parseInput(TestEmailInput, await readJson(context.request));
  const user = requireUser(context);
  const lang = context.locals.lang;
  const { accepted } = await sendTestEmail(await getDb(), input, { name: user.name, lang });
  return answer('POST /api/settings/email/test', { message: translate(lang, 'emailSettings.testSent', { to: accepted }) });
});
