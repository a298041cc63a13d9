import { normalizePairingCode, type TerminalMethod } from '#domain/terminals/terminal-rules.ts';
import { SharedRateLimiter } from '../../auth/shared-rate-limiter.ts';
import { tooManyAttempts } from '../../auth/sign-in-guard.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { completePairing, findTerminalByPairingCode } from '../../db/repositories/terminals.ts';
import { parseTerminalMethods } from '../../db/stored-formats.ts';
import { AppError } from '../../http/app-error.ts';
import { newTerminalCredential, secretHash } from './terminal-secrets.ts';

/**
 * Wrong pairing codes per client address: 10 in ten minutes, then 429. A code has 31^8 (about
 * 2^40) values and lives 15 minutes, so this keeps guessing hopeless; the place is taken before
 * the look-up.
 */
export const pairingGuessLimiter = new SharedRateLimiter('pairing-guess', 10, 10 * 60_000);

export interface PairedTerminal {
  credential: string;
  terminal: { id: number; name: string; location: string; methods: TerminalMethod[] };
}

/**
 * Pairs the calling device with the terminal a one-time code names (decision 042): answers a new
 * credential (the caller puts it in the device's cookie; only its SHA-256 is stored) and spends
 * the code. A malformed, unknown, expired or spent code, or one of a revoked terminal: 422
 * `terminals.codeInvalid`, counted against the address. Audited with the address.
 */
export async function pairTerminal(db: Db, code: string, address: string): Promise<PairedTerminal> {
  const reservation = await pairingGuessLimiter.reserve(address);
  if (!reservation.ok) throw tooManyAttempts('terminals.tooManyCodes', reservation.retryAfterMs);
  try {
    const normal = normalizePairingCode(code);
    const at = nowIso();
    const codeHash = normal ? secretHash(normal) : null;
    const row = codeHash ? await findTerminalByPairingCode(db, codeHash) : undefined;
    const credential = newTerminalCredential();
    const paired =
      row && codeHash
        ? await db.transaction().execute(async (trx) => {
            if ((await completePairing(trx, row.id, codeHash, secretHash(credential), at)) === 0) return false;
            await appendAudit(trx, { userId: null, entity: 'terminal', entityId: row.id, action: 'pair', after: { address }, at });
            return true;
          })
        : false;
    if (!row || !paired) {
      await reservation.ticket.fail();
      throw new AppError('terminals.codeInvalid', 422, {}, { code: 'terminals.codeInvalid' });
    }
    return { credential, terminal: { id: row.id, name: row.name, location: row.location, methods: parseTerminalMethods(row.methods) } };
  } finally {
    await reservation.ticket.release();
  }
}
