import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { createShiftTemplate, listShiftTemplates } from '#server/services/roster/shift-templates.ts';

/** GET (schedule.read): the company's shift templates (decision 085); POST (schedule.update) -> 201 `{data, message}`. */
export const GET = endpoint(async (context) => {
  return answer('GET /api/shift-templates', { data: await listShiftTemplates(await getDb(), requireUser(context)) });
});

export const POST = endpoint(async (context) => {
  const data = await createShiftTemplate(await getDb(), requireUser(context), await readJson(context.request));
  return answer('POST /api/shift-templates', { data, message: translate(context.locals.lang, 'messages.changesSaved') });
});
