import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { readJson } from '#server/http/json.ts';
import { reopenPeriod } from '#server/services/periods/reopen-period.ts';
import { answer } from '#server/http/answer.ts';

/** POST `{date, employee, reason}`: reopens an employee's approved period, with the reason (decision 051). */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const data = await reopenPeriod(await getDb(), await readJson(context.request), user);
  return answer('POST /api/periods/reopen', { data, message: translate(context.locals.lang, 'periods.reopened') });
});
