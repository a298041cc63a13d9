import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { ownEmployeeId } from '#server/services/personal/own-employee.ts';
import { ownOpenShifts } from '#server/services/roster/open-shift-claims.ts';

/** GET: the published open shifts of my department not yet begun, each with my claim's status (decision 086). */
export const GET = endpoint(async (context) => answer('GET /api/personal/open-shifts', { data: await ownOpenShifts(await getDb(), ownEmployeeId(requireUser(context))) }));
