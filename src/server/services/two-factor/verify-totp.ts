import type { Db } from '../../db/connection.ts';
import { advanceTotpStep, readTotp } from '../../db/repositories/second-factors.ts';
import { sessionNow } from '../sign-in/start-session.ts';
import { matchTotp, openTotpSecret } from './totp.ts';

/**
 * Checks a TOTP code of the account (decision 090) and uses it up: right within ±1 step, and of a
 * step later than `users.totp_last_step`, which one conditional UPDATE moves to it — so a code
 * works once, even when two requests (on two servers) bring it at the same time. `pending` accepts
 * the secret of a set-up not yet confirmed (its first code); otherwise TOTP must be on.
 */
export async function verifyTotp(db: Db, userId: number, code: string, options: { pending?: boolean; nowMs?: number } = {}): Promise<boolean> {
  const row = await readTotp(db, userId);
  if (!row?.totpSecretSealed || (row.totpEnabledAt === null) !== (options.pending === true)) return false;
  const sealed = row.totpSecretSealed;
  const secret = openTotpSecret(sealed);
  if (!secret) return false;
  const step = await matchTotp(secret, code, options.nowMs ?? sessionNow(), row.totpLastStep);
  if (step === null) return false;
  return advanceTotpStep(db, userId, sealed, step);
}
