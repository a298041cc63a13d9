import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { json, readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { deleteShiftTemplateById, updateShiftTemplateById } from '#server/services/roster/shift-templates.ts';

/** PATCH (partial) and DELETE (archives a template a draft shift uses; answers `{result: 'deleted'|'archived'}`). */
export const PATCH = endpoint(async (context) => {
  const data = await updateShiftTemplateById(await getDb(), requireUser(context), parseId(context.params['id']), await readJson(context.request));
  return json({ data, message: translate(context.locals.lang, 'messages.changesSaved') });
});

export const DELETE = endpoint(async (context) => {
  const result = await deleteShiftTemplateById(await getDb(), requireUser(context), parseId(context.params['id']));
  return json({ result, message: translate(context.locals.lang, result === 'archived' ? 'roster.templateArchived' : 'roster.templateDeleted') });
});
