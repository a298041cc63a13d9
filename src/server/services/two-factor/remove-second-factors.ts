import type { Db } from '../../db/connection.ts';
import { untrustUserDevices } from '../../db/repositories/user-devices.ts';

/**
 * Removes an account's TOTP (secret, enabled time, last step) and the trust of its remembered
 * browsers, and — when asked — its recovery codes and its passkeys (a SuperAdmin's reset removes
 * all). One transaction.
 */
export async function removeSecondFactors(db: Db, userId: number, options: { recoveryCodes: boolean; passkeys: boolean }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ totpSecretSealed: null, totpEnabledAt: null, totpLastStep: null }).where('id', '=', userId).execute();
    if (options.recoveryCodes) await trx.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
    if (options.passkeys) await trx.deleteFrom('passkeys').where('userId', '=', userId).execute();
    await untrustUserDevices(trx, userId);
  });
}
