import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { translate } from '#i18n/translate.ts';
import { accountNotifications } from '#server/services/notifications/account-notifications.ts';
import { saveAccountNotifications } from '#server/services/notifications/save-account-notifications.ts';

/**
 * GET / PUT `{language, muted}` the signed-in account's own notification choices: any signed-in
 * account, only its own (decision 055).
 */
export const GET = endpoint(async (context) => answer('GET /api/account/notifications', { data: await accountNotifications(await getDb(), requireUser(context)) }));

export const PUT = endpoint(async (context) => {
  const user = requireUser(context);
  const data = await saveAccountNotifications(await getDb(), user, await readJson(context.request));
  return answer('PUT /api/account/notifications', { data, message: translate(context.locals.lang, 'notifications.accountSaved') });
});
