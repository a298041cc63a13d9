import type { Db } from '../../db/connection.ts';
import { sessionNow } from '../sign-in/start-session.ts';
import { matchTotp, openTotpSecret } from './totp.ts';

/**
 * Checks a TOTP code of the account (decision 090) and uses it up: right within ±1 step, and of a
 * step later than `users.totp_last_step`, which one conditional UPDATE moves to it — so a code
 * works once, even when two requests (on two servers) bring it at the same time. `pending` accepts
 * the secret of a set-up not yet confirmed (its first code); otherwise TOTP must be on.
 */
export async function verifyTotp(db: Db, userId: number, code: string, options: { pending?: boolean; nowMs?: number } = {}): Promise<boolean> {
  const row = await db.selectFrom('users').select(['totpSecretSealed', 'totpEnabledAt', 'totpLastStep']).where('id', '=', userId).executeTakeFirst();
  if (!row || (row.totpEnabledAt === null) !== (options.pending === true)) return false;
  const secret = openTotpSecret(row.totpSecretSealed);
  if (!secret) return false;
  const step = await matchTotp(secret, code, options.nowMs ?? sessionNow(), row.totpLastStep);
  if (step === null) return false;
  const result = await db
    .updateTable('users')
    .set({ totpLastStep: step })
    .where('id', '=', userId)
    .where('totpSecretSealed', '=', row.totpSecretSealed)
    .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
