import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { receivePersonalPunches } from '#server/services/clock-offline/receive-personal-punches.ts';

/**
 * POST {device, sentAt, punches: [{seq, at, action, workMode}]}: the punches the personal clock
 * kept on the worker's device while offline (decision 071), for the session's own employee ->
 * 200 {results: [{seq, status: recorded|repeat|conflict, time?}], lastSeq, state}. 403 through an
 * API token or without a linked employee; 422 for a bad body. Conflicts wait at /clock-conflicts.
 */
export const POST = endpoint(async (context) => {
  const body = await readJson(context.request);
  const received = await receivePersonalPunches(await getDb(), { user: requireUser(context), body, userAgent: context.request.headers.get('user-agent') });
  return answer('POST /api/personal/clock/offline', received);
});
