import { ClockRequestSchema, punchIdentity } from '../../domain/clock/clock-request.ts';
import { PUNCH_MESSAGES } from '../../domain/clock/punch-messages.ts';
import { translate } from '../../i18n/translate.ts';
import { getDb } from '../../server/db/connection.ts';
import { AppError } from '../../server/http/app-error.ts';
import { endpoint } from '../../server/http/endpoint.ts';
import { errorJson, json, parseInput, readJson } from '../../server/http/json.ts';
import { terminalAddress } from '../../server/http/terminal-address.ts';
import { assertClockAllowedFrom } from '../../server/services/clock-access.ts';
import { getSettings } from '../../server/services/get-settings.ts';
import { PunchRefusal, recordPunch } from '../../server/services/record-punch.ts';

/**
 * Public: POST {action, pin? | descriptor? | card?} (exactly one; `descriptor` may be up to three
 * frames of one face; `photo` an optional snapshot with a face) -> 200 {message, employee: {_id,
 * full_name, image}, time} where `image` is a small data URL of the employee's photo or null.
 * 403 outside the IP restriction; a refused punch 409 {message, code, employee}; other refusals
 * 4xx {message, code} with the spec's clock messages in the request's language; 429 with
 * Retry-After while an address is locked after failed identifications.
 */
export const POST = endpoint(async (context) => {
  const db = await getDb();
  const address = terminalAddress(context, await getSettings(db));
  await assertClockAllowedFrom(db, address);
  const input = parseInput(ClockRequestSchema, await readJson(context.request));
  const identity = punchIdentity(input);
  if (!identity) throw new AppError(PUNCH_MESSAGES.oneIdentifier, 422);
  const lang = context.locals.lang;
  try {
    return json(await recordPunch(db, { action: input.action, identity, address, lang, photo: input.photo }));
  } catch (error) {
    if (error instanceof PunchRefusal) {
      return json({ message: translate(lang, error.code, error.params), code: error.code, employee: error.employee }, 409);
    }
    if (error instanceof AppError && error.status === 429) {
      return errorJson(error, lang, { 'retry-after': String(error.params['retryAfterSeconds'] ?? 60) });
    }
    throw error;
  }
});
