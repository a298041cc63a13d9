import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { verifyRecordChain } from '#server/services/record-chain/verify-record-chain.ts';

/**
 * GET: checks the record chain now (decision 033): `{data: {ok, entries, brokenCount, broken,
 * companies}}`, `brokenCount` counting every broken entry and `broken` naming the first 100
 * (company, seq, kind, ref id, problem, fields; issue 33). Always 200: a broken chain is a
 * finding, not an error of the request.
 */
export const GET = endpoint(async (context) => {
  requireUser(context);
  return answer('GET /api/record-chain/verify', { data: await verifyRecordChain(await getDb()) });
});
