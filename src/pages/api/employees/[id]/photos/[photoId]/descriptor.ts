import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { enrolPhotoFace } from '#server/services/employees/enrol-photo-face.ts';

/** PUT (no body, or {}): compute on the server and store the face data of a photo on file (needs recorded consent); numbers sent are refused. */
export const PUT = endpoint(async (context) => {
  const user = requireUser(context);
  const id = parseId(context.params['id']);
  await enrolPhotoFace(await getDb(), id, context.params['photoId'] ?? '', await readJson(context.request), user);
  return answer('PUT /api/employees/{id}/photos/{id}/descriptor', { message: translate(context.locals.lang, 'photos.faceDataStored') });
});
