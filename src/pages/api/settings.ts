import { getDb } from '../../server/db/connection.ts';
import { endpoint, requireUser } from '../../server/http/endpoint.ts';
import { answer } from '../../server/http/answer.ts';
import { readJson } from '../../server/http/json.ts';
import { translate } from '../../i18n/translate.ts';
import { getSettings } from '../../server/services/get-settings.ts';
import { updateSettings } from '../../server/services/update-settings.ts';
import { breakRulesChanges } from '../../server/services/worktime/break-rules-changes.ts';

/**
 * GET the instance settings (setting.read); PUT the whole set (setting.update). Both answer the
 * history of the effective-dated figure rules as `breakRulesHistory` (decision 050; the name
 * predates the other rules it now holds).
 */
export const GET = endpoint(async () => {
  const db = await getDb();
  return answer('GET /api/settings', { data: await getSettings(db), breakRulesHistory: await breakRulesChanges(db) });
});

export const PUT = endpoint(async (context) => {
  const user = requireUser(context);
  const db = await getDb();
  const data = await updateSettings(db, await readJson(context.request), user.id);
  return answer('PUT /api/settings', { data, breakRulesHistory: await breakRulesChanges(db), message: translate(context.locals.lang, 'messages.settingsSaved') });
});
