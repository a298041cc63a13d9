import { getDb } from '#server/db/connection.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { terminalAddress } from '#server/http/terminal-address.ts';
import { terminalCredentialOf } from '#server/http/terminal-credential.ts';
import { assertClockAllowedFrom } from '#server/services/punch/clock-access.ts';
import { getSettings } from '#server/services/get-settings.ts';
import { issueClockChallenge } from '#server/services/punch/issue-clock-challenge.ts';
import { requireTerminal } from '#server/services/terminals/resolve-terminal.ts';
import { answer } from '#server/http/answer.ts';

/**
 * Public POST, no body: `{nonce, expiresAt}` for the next face punch of the calling paired
 * terminal (decision 043; single use, 60 s, bound to the terminal). 403 outside the clock's IP
 * restriction; 401 `terminal.unknown`/`terminal.revoked` without a credential that names an
 * active terminal; 403 when the terminal may not punch by face or face recognition is off.
 */
export const POST = endpoint(async (context) => {
  const db = await getDb();
  await assertClockAllowedFrom(db, terminalAddress(context, await getSettings(db)));
  const terminal = await requireTerminal(db, terminalCredentialOf(context));
  return answer('POST /api/clock/challenge', await issueClockChallenge(db, terminal), { 'cache-control': 'no-store' });
});
