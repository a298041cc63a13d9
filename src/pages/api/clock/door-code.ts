import { getDb } from '#server/db/connection.ts';
import { nowMs } from '#server/clock/now.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { terminalAddress } from '#server/http/terminal-address.ts';
import { terminalCredentialOf } from '#server/http/terminal-credential.ts';
import { assertClockAllowedFrom } from '#server/services/punch/clock-access.ts';
import { getSettings } from '#server/services/get-settings.ts';
import { currentDoorCode } from '#server/services/terminals/door-terminal.ts';
import { requireTerminal } from '#server/services/terminals/resolve-terminal.ts';
import { answer } from '#server/http/answer.ts';

/**
 * Public GET: `{code, path, expiresAt, refreshIn}`, the calling paired terminal's door QR code
 * (decision 069; a new one every 30 s, accepted for 60 s, bound to the terminal). 403 outside the
 * clock's IP restriction; 401 `terminal.unknown`/`terminal.revoked` without a credential that
 * names an active terminal; 403 `doorCode.off` when the terminal does not show the door code.
 */
export const GET = endpoint(async (context) => {
  const db = await getDb();
  await assertClockAllowedFrom(db, terminalAddress(context, await getSettings(db)));
  const terminal = await requireTerminal(db, terminalCredentialOf(context));
  return answer('GET /api/clock/door-code', currentDoorCode(terminal, nowMs() / 1000), { 'cache-control': 'no-store' });
});
