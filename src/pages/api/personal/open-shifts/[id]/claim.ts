import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { claimOpenShift, withdrawClaim } from '#server/services/roster/open-shift-claims.ts';

/**
 * POST: I claim an open shift of my department (decision 086) -> 201 {data: {claim, status}}:
 * `pending`, or `approved` when the first qualified claimant is assigned at once. 404 a shift I
 * cannot see, 409 not open, begun, a day I already work or claimed before; 403 an API token.
 */
export const POST = endpoint(async (context) => {
  const lang = context.locals.lang;
  const data = await claimOpenShift(await getDb(), requireUser(context), parseId(context.params['id']));
  return answer('POST /api/personal/open-shifts/{id}/claim', { data, message: translate(lang, data.status === 'approved' ? 'rosterRequests.claimAssigned' : 'rosterRequests.claimSent') });
});

/** DELETE: withdraws my pending claim of the shift (404 when I have none). */
export const DELETE = endpoint(async (context) => {
  await withdrawClaim(await getDb(), requireUser(context), parseId(context.params['id']));
  return answer('DELETE /api/personal/open-shifts/{id}/claim', { message: translate(context.locals.lang, 'rosterRequests.claimWithdrawn') });
});
