import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { deleteShiftTemplateById, updateShiftTemplateById } from '#server/services/roster/shift-templates.ts';

/** PATCH (partial) and DELETE (archives a template a draft shift uses; answers `{result: 'deleted'|'archived'}`). */
export const PATCH = endpoint(async (context) => {
  const data = await updateShiftTemplateById(await getDb(), requireUser(context), parseId(context.params['id']), await readJson(context.request));
  return answer('PATCH /api/shift-templates/{id}', { data, message: translate(context.locals.lang, 'messages.changesSaved') });
});

export const DELETE = endpoint(async (context) => {
  const result = await deleteShiftTemplateById(await getDb(), requireUser(context), parseId(context.params['id']));
  return answer('DELETE /api/shift-templates/{id}', { result, message: translate(context.locals.lang, result === 'archived' ? 'roster.templateArchived' : 'roster.templateDeleted') });
});
