import { getDb } from '#server/db/connection.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { periodCloseView } from '#server/services/periods/period-close.ts';
import { departmentParam } from '#server/services/periods/period-query.ts';
import { answer } from '#server/http/answer.ts';

/** GET `{data}`: the month-close view (decision 051) of the period containing `date` (default: the last ended one), optionally one `department`. */
export const GET = endpoint(async (context) => {
  const q = context.url.searchParams;
  return answer('GET /api/periods', { data: await periodCloseView(await getDb(), { date: q.get('date'), department: departmentParam(q.get('department')) }) });
});
