import { terminalCredentialOf } from '#server/http/terminal-credential.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint } from '#server/http/endpoint.ts';
import { readJson } from '#server/http/json.ts';
import { terminalAddress } from '#server/http/terminal-address.ts';
import { acceptOfflineBatch } from '#server/services/clock-offline/accept-offline-batch.ts';
import { getSettings } from '#server/services/get-settings.ts';
import { answer } from '#server/http/answer.ts';

/**
 * Public, for paired terminals only (decision 046): `{sentAt, punches: [{seq, at, action, pin |
 * card}]}` -> 200 `{results: [{seq, status: recorded|repeat|conflict, time?}], lastSeq}`. The
 * terminal deletes every punch answered; conflicts wait for an administrator at /clock-conflicts.
 */
export const POST = endpoint(async (context) => {
  const db = await getDb();
  const batch = await acceptOfflineBatch(db, {
    address: terminalAddress(context, await getSettings(db)),
    credential: terminalCredentialOf(context),
    body: await readJson(context.request),
  });
  return answer('POST /api/clock/offline', batch);
});
