import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { json } from '#server/http/json.ts';
import { swapsForAdmin } from '#server/services/roster/shift-swaps.ts';

/** GET ?status= (default accepted: waiting for approval): shift swaps of the managed companies (decision 086). */
export const GET = endpoint(async (context) => json({ data: await swapsForAdmin(await getDb(), requireUser(context), context.url.searchParams.get('status')) }));
