import { getDb } from '#server/db/connection.ts';
import { notFound } from '#server/http/app-error.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { ownEmployeeId } from '#server/services/personal/own-employee.ts';
import { personalDashboard } from '#server/services/personal/personal-dashboard.ts';

/** GET my dashboard (the signed-in user's own employee only). */
export const GET = endpoint(async (context) => {
  const data = await personalDashboard(await getDb(), ownEmployeeId(requireUser(context)));
  if (!data) throw notFound();
  return answer('GET /api/personal/dashboard', { data });
});
