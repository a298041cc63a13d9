import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../clock/now.ts';
import { factorsOf, hasSecondFactor } from '../sign-in/two-factor-policy.ts';
import { confirmCurrentPassword } from './confirm-password.ts';
import { issueRecoveryCodes } from './recovery-codes.ts';

/**
 * Ten new recovery codes in place of the old ones (decision 090), after the current password; only
 * for an account with a second factor (409 `twoFactor.notOn`). Audited as `recovery-codes-renew`.
 */
export async function renewRecoveryCodes(db: Db, userId: number, password: string): Promise<string[]> {
  if (!hasSecondFactor(await factorsOf(db, userId))) throw new AppError('twoFactor.notOn', 409);
  await confirmCurrentPassword(db, userId, password);
  const codes = await issueRecoveryCodes(db, userId);
  await appendAudit(db, { userId, entity: 'user', entityId: userId, action: 'recovery-codes-renew', at: nowIso() });
  return codes;
}
