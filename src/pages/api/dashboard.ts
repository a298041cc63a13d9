import { getDb } from '../../server/db/connection.ts';
import { endpoint, requireUser } from '../../server/http/endpoint.ts';
import { json } from '../../server/http/json.ts';
import { adminDashboard } from '../../server/services/dashboard/admin-dashboard.ts';

/** GET the admin dashboard's figures (`{data}`). */
export const GET = endpoint(async (context) => json({ data: await adminDashboard(await getDb(), requireUser(context)) }));
