import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { translate } from '#i18n/translate.ts';
import { companyNotifications, companyOfQuery } from '#server/services/notifications/company-notifications.ts';
import { saveCompanyNotifications } from '#server/services/notifications/save-company-notifications.ts';

/**
 * GET `?companyId=` the company's notification switches (setting.read); PUT `?companyId=`
 * `{settings: [{kind, enabled, toManagers?, minutes?}]}` changes them (setting.update). Never an
 * Employee account's (decision 055).
 */
export const GET = endpoint(async (context) => {
  const db = await getDb();
  const companyId = await companyOfQuery(db, requireUser(context), context.url.searchParams.get('companyId'));
  return answer('GET /api/settings/notifications', { data: await companyNotifications(db, companyId) });
});

export const PUT = endpoint(async (context) => {
  const user = requireUser(context);
  const db = await getDb();
  const companyId = await companyOfQuery(db, user, context.url.searchParams.get('companyId'));
  const data = await saveCompanyNotifications(db, companyId, await readJson(context.request), user.id);
  return answer('PUT /api/settings/notifications', { data, message: translate(context.locals.lang, 'notifications.settingsSaved') });
});
