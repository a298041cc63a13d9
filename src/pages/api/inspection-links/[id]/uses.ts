import { getDb } from '#server/db/connection.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { inspectionLinkLog } from '#server/services/access/list-inspection-links.ts';

/** GET (setting.read) the log of a link's uses, newest first: time, address, what was viewed. */
export const GET = endpoint(async (context) => {
  const data = await inspectionLinkLog(await getDb(), parseId(context.params['id']));
  return answer('GET /api/inspection-links/{id}/uses', { data, total: data.length });
});
