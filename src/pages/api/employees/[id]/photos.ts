import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readLargeJson } from '#server/http/read-large-json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { listEmployeePhotos } from '#server/services/employees/list-employee-photos.ts';
import { uploadEmployeePhoto } from '#server/services/employees/upload-employee-photo.ts';

/** GET: the employee's photos, which carry face data, and the recorded consent (never descriptors). */
export const GET = endpoint(async (context) => {
  return answer('GET /api/employees/{id}/photos', await listEmployeePhotos(await getDb(), parseId(context.params['id']), requireUser(context)));
});

/** POST {image: data URL, enrol?: boolean}: add a photo (and, asked to enrol, its face data computed by the server, with consent). */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const id = parseId(context.params['id']);
  const body = await readLargeJson(context.request);
  const { photo, faceDataRefused } = await uploadEmployeePhoto(await getDb(), id, body, user);
  const lang = context.locals.lang;
  return answer('POST /api/employees/{id}/photos', {
    data: photo,
    message: translate(lang, 'messages.imageUploaded'),
    ...(faceDataRefused ? { notice: translate(lang, faceDataRefused) } : {}),
  });
});
