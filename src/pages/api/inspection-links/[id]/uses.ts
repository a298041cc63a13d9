import { getDb } from '#server/db/connection.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { json } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { inspectionLinkLog } from '#server/services/access/list-inspection-links.ts';

/** GET (setting.read) the log of a link's uses, newest first: time, address, what was viewed. */
export const GET = endpoint(async (context) => {
  const data = await inspectionLinkLog(await getDb(), parseId(context.params['id']));
  return json({ data, total: data.length });
});
