import { getDb } from '#server/db/connection.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { listOutbox } from '#server/services/outbox/list-outbox.ts';

/** GET (setting.read) `{tab, data, total, counts}`: one tab of the outbox (`status` waiting|failed|sent|discarded, `page`, `pageSize`); decision 054. */
export const GET = endpoint(async (context) => answer('GET /api/outbox', await listOutbox(await getDb(), context.url.searchParams)));
