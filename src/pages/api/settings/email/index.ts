import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { translate } from '#i18n/translate.ts';
import { mailSettingsView, saveMailSettings } from '#server/mail/mail-settings.ts';

/** GET the SMTP settings without the password (setting.read); PUT them (setting.update; decision 054). */
export const GET = endpoint(async () => answer('GET /api/settings/email', { data: await mailSettingsView(await getDb()) }));

export const PUT = endpoint(async (context) => {
  const user = requireUser(context);
  const data = await saveMailSettings(await getDb(), await readJson(context.request), user.id);
  return answer('PUT /api/settings/email', { data, message: translate(context.locals.lang, 'messages.settingsSaved') });
});
