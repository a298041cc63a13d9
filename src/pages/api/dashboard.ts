import { getDb } from '../../server/db/connection.ts';
import { endpoint, requireUser } from '../../server/http/endpoint.ts';
import { adminDashboard } from '../../server/services/dashboard/admin-dashboard.ts';
import { answer } from '#server/http/answer.ts';

/** GET the admin dashboard's figures (`{data}`). */
export const GET = endpoint(async (context) => answer('GET /api/dashboard', { data: await adminDashboard(await getDb(), requireUser(context)) }));
