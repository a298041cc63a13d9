import { TERMINAL_COOKIE, TERMINAL_HEADER } from '../../../domain/terminals/terminal-rules.ts';
import { getDb } from '../../../server/db/connection.ts';
import { AppError } from '../../../server/http/app-error.ts';
import { endpoint } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/json.ts';
import { addressBehind, peerAddress } from '../../../server/http/terminal-address.ts';
import { assertClockAllowedFrom } from '../../../server/services/clock-access.ts';
import { getSettings } from '../../../server/services/get-settings.ts';
import { issueClockChallenge } from '../../../server/services/issue-clock-challenge.ts';
import { resolveTerminal } from '../../../server/services/terminals/resolve-terminal.ts';

/**
 * Public POST, no body: `{nonce, expiresAt}` for the next face punch of the calling paired
 * terminal (decision 043; single use, 60 s, bound to the terminal). 403 outside the clock's IP
 * restriction; 401 `terminal.unknown`/`terminal.revoked` without a credential that names an
 * active terminal; 403 when the terminal may not punch by face or face recognition is off.
 */
export const POST = endpoint(async (context) => {
  const db = await getDb();
  await assertClockAllowedFrom(db, addressBehind(peerAddress(context), context.request.headers.get('x-forwarded-for'), await getSettings(db)));
  const resolved = await resolveTerminal(db, context.cookies.get(TERMINAL_COOKIE)?.value ?? context.request.headers.get(TERMINAL_HEADER));
  if (resolved.kind !== 'valid') throw new AppError(resolved.kind === 'revoked' ? 'terminal.revoked' : 'terminal.unknown', 401);
  return json(await issueClockChallenge(db, resolved.terminal), 200, { 'cache-control': 'no-store' });
});
