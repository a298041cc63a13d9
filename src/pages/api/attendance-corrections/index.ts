import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { readJson } from '#server/http/json.ts';
import { createCorrectionRequest } from '#server/services/corrections/create-correction-request.ts';
import { listCorrections } from '#server/services/corrections/list-correction-requests.ts';
import { answer } from '#server/http/answer.ts';

/**
 * Correction requests (decision 034). GET `{data, total}`: status, employee (administrators);
 * an Employee account lists only its own. POST: the worker asks to correct their own day
 * `{date, timeIn, timeOut?, breakIn?, breakOut?, reason, attendance?}` (201, pending).
 */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  return answer('GET /api/attendance-corrections', await listCorrections(await getDb(), context.url.searchParams, user));
});

export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const data = await createCorrectionRequest(await getDb(), await readJson(context.request), user);
  return answer('POST /api/attendance-corrections', { data, message: translate(context.locals.lang, 'corrections.requested') });
});
