import { PersonalClockRequestSchema } from '#domain/clock/personal-clock.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { terminalAddress } from '#server/http/terminal-address.ts';
import { getSettings } from '#server/services/get-settings.ts';
import { recordPersonalPunch } from '#server/services/punch/record-personal-punch.ts';

/**
 * POST {action, workMode, location?, doorCode?}: a punch of the session's own employee (decision
 * 067) -> 200 {message, time, state}. 403 through an API token, without a linked employee, for an
 * archived employee or with the personal clock off; 409 {message, code} when the clock engine or
 * an approved period refuses; 422 for a bad body or a door code (not supported yet).
 */
export const POST = endpoint(async (context) => {
  const input = parseInput(PersonalClockRequestSchema, await readJson(context.request));
  const db = await getDb();
  const result = await recordPersonalPunch(db, {
    user: requireUser(context),
    input,
    userAgent: context.request.headers.get('user-agent'),
    address: terminalAddress(context, await getSettings(db)),
    lang: context.locals.lang,
  });
  return answer('POST /api/personal/clock', result);
});
