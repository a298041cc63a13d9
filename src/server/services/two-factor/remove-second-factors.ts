import type { Db } from '../../db/connection.ts';
import { clearTotp, deletePasskeys, deleteRecoveryCodes } from '../../db/repositories/second-factors.ts';
import { untrustUserDevices } from '../../db/repositories/user-devices.ts';

/**
 * Removes an account's TOTP (secret, enabled time, last step) and the trust of its remembered
 * browsers, and — when asked — its recovery codes and its passkeys (a SuperAdmin's reset removes
 * all). One transaction.
 */
export async function removeSecondFactors(db: Db, userId: number, options: { recoveryCodes: boolean; passkeys: boolean }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await clearTotp(trx, userId);
    if (options.recoveryCodes) await deleteRecoveryCodes(trx, userId);
    if (options.passkeys) await deletePasskeys(trx, userId);
    await untrustUserDevices(trx, userId);
  });
}
