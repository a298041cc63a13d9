import { LatePunchBatchSchema } from '#domain/clock/late-punch-request.ts';
import { terminalRefusal } from '#domain/terminals/terminal-rules.ts';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../http/app-error.ts';
import { parseInput } from '../../http/json.ts';
import { assertClockAllowedFrom } from '../punch/clock-access.ts';
import { resolveTerminal, terminalOfPunch } from '../terminals/resolve-terminal.ts';
import { receiveOfflinePunches, type LatePunchAnswer } from './receive-offline-punches.ts';

/**
 * `POST /api/clock/offline` (decision 046): only a paired terminal sends late punches. The web
 * clock IP restriction applies as to any punch (403); no credential: 403
 * `terminal.pairingRequired` (whatever `unpairedClock` says: an unpaired browser has no sequence
 * to check); an unknown or revoked credential: 401 `terminal.unknown` / `terminal.revoked`; then
 * the batch is validated (422, nothing written) and received (receiveOfflinePunches).
 */
export async function acceptOfflineBatch(db: Db, call: { address: string; credential: string | null | undefined; body: unknown }): Promise<LatePunchAnswer> {
  await assertClockAllowedFrom(db, call.address);
  const resolved = await resolveTerminal(db, call.credential);
  if (resolved.kind !== 'valid') {
    const code = terminalRefusal(terminalOfPunch(resolved), 'pin', false) ?? 'terminal.pairingRequired';
    throw new AppError(code, resolved.kind === 'none' ? 403 : 401);
  }
  const batch = parseInput(LatePunchBatchSchema, call.body);
  return receiveOfflinePunches(db, resolved.terminal, batch);
}
