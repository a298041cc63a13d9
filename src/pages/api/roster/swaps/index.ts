import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { swapsForAdmin } from '#server/services/roster/shift-swaps.ts';

/** GET ?status= (default accepted: waiting for approval): shift swaps of the managed companies (decision 086). */
export const GET = endpoint(async (context) => answer('GET /api/roster/swaps', { data: await swapsForAdmin(await getDb(), requireUser(context), context.url.searchParams.get('status')) }));
