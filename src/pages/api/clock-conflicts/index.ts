import { getDb } from '#server/db/connection.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { listConflicts } from '#server/services/clock-offline/list-clock-conflicts.ts';
import { answer } from '#server/http/answer.ts';

/** GET `{data, total}`: late punches waiting for an administrator (decision 046); `status` open|closed, `page`, `pageSize`. */
export const GET = endpoint(async (context) => answer('GET /api/clock-conflicts', await listConflicts(await getDb(), context.url.searchParams, context.locals.lang)));
