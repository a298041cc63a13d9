import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { deleteEmployeePhoto } from '#server/services/employees/delete-employee-photo.ts';

/** DELETE: remove a photo and the face descriptor computed from it. */
export const DELETE = endpoint(async (context) => {
  const user = requireUser(context);
  const id = parseId(context.params['id']);
  const data = await deleteEmployeePhoto(await getDb(), id, context.params['photoId'] ?? '', user);
  return answer('DELETE /api/employees/{id}/photos/{id}', { data, message: translate(context.locals.lang, 'photos.deleted') });
});
