import { ClockRequestSchema, punchIdentity } from '../../domain/clock/clock-request.ts';
import { PUNCH_MESSAGES } from '../../domain/clock/punch-messages.ts';
import { getDb } from '../../server/db/connection.ts';
import { AppError } from '../../server/http/app-error.ts';
import { clientAddress, endpoint } from '../../server/http/endpoint.ts';
import { errorJson, json, parseInput, readJson } from '../../server/http/json.ts';
import { assertClockAllowedFrom } from '../../server/services/clock-access.ts';
import { recordPunch } from '../../server/services/record-punch.ts';

/**
 * Public: POST {action, pin? | descriptor? | card?} (exactly one) -> 200 {message, employee:
 * {_id, full_name, image}, time}. 403 outside the IP restriction; 4xx {message, code} with the
 * spec's clock messages in the request's language; 429 with Retry-After while an address is
 * locked after failed identifications.
 */
export const POST = endpoint(async (context) => {
  const db = await getDb();
  const address = clientAddress(context);
  await assertClockAllowedFrom(db, address);
  const input = parseInput(ClockRequestSchema, await readJson(context.request));
  const identity = punchIdentity(input);
  if (!identity) throw new AppError(PUNCH_MESSAGES.oneIdentifier, 422);
  try {
    return json(await recordPunch(db, { action: input.action, identity, address, lang: context.locals.lang }));
  } catch (error) {
    if (error instanceof AppError && error.status === 429) {
      return errorJson(error, context.locals.lang, { 'retry-after': String(error.params['retryAfterSeconds'] ?? 60) });
    }
    throw error;
  }
});
