import { getDb } from '../../server/db/connection.ts';
import { endpoint, requireUser } from '../../server/http/endpoint.ts';
import { json, readJson } from '../../server/http/json.ts';
import { translate } from '../../i18n/translate.ts';
import { getSettings } from '../../server/services/get-settings.ts';
import { updateSettings } from '../../server/services/update-settings.ts';

/** GET the instance settings (setting.read); PUT the whole set (setting.update). */
export const GET = endpoint(async () => json({ data: await getSettings(await getDb()) }));

export const PUT = endpoint(async (context) => {
  const user = requireUser(context);
  const data = await updateSettings(await getDb(), await readJson(context.request), user.id);
  return json({ data, message: translate(context.locals.lang, 'messages.settingsSaved') });
});
