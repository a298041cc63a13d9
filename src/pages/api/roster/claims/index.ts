import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { claimsForAdmin } from '#server/services/roster/open-shift-claims.ts';

/** GET ?status=pending|approved|declined|withdrawn (default pending): open-shift claims of the managed companies (decision 086). */
export const GET = endpoint(async (context) => answer('GET /api/roster/claims', { data: await claimsForAdmin(await getDb(), requireUser(context), context.url.searchParams.get('status')) }));
