import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { listAttendancePunchPhotos } from '#server/services/punch/punch-photos.ts';
import { answer } from '#server/http/answer.ts';

/** GET (attendance.read): the snapshots kept with this attendance's face punches, `{data: [{punch, action, at, method, url}]}`. */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  return answer('GET /api/attendances/{id}/punch-photos', { data: await listAttendancePunchPhotos(await getDb(), parseId(context.params['id']), user) });
});
