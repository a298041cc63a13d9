import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { readJson } from '#server/http/json.ts';
import { approvePeriods } from '#server/services/periods/approve-periods.ts';
import { answer } from '#server/http/answer.ts';

/** POST `{date, employees?, department?}`: approves and locks the period containing `date` (decision 051). */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const data = await approvePeriods(await getDb(), await readJson(context.request), user);
  const lang = context.locals.lang;
  const approved = translate(lang, 'periods.approvedCount', { count: data.approved, already: data.already });
  return answer('POST /api/periods/approve', { data, message: data.ownLeft > 0 ? `${approved} ${translate(lang, 'periods.ownLeft')}` : approved });
});
