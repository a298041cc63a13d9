import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { readTotp, turnTotpOn } from '../../db/repositories/second-factors.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../clock/now.ts';
import { issueRecoveryCodes } from './recovery-codes.ts';
import { verifyTotp } from './verify-totp.ts';

/**
 * Confirms a set-up with the first code of the app (decision 090): TOTP turns on and ten new
 * recovery codes are issued and answered (the only time they are seen). 409 without a set-up
 * started (or TOTP already on); 422 `twoFactor.wrongCode` for a wrong code, nothing changed.
 * Audited as `two-factor-enable`.
 */
export async function enableTotp(db: Db, userId: number, code: string): Promise<string[]> {
  const row = await readTotp(db, userId);
  if (!row || row.totpEnabledAt !== null || row.totpSecretSealed === null) throw new AppError('twoFactor.noSetup', 409);
  if (!(await verifyTotp(db, userId, code, { pending: true }))) throw new AppError('validation.invalidInput', 422, {}, { code: 'twoFactor.wrongCode' });
  const at = nowIso();
  if (!(await turnTotpOn(db, userId, at))) throw new AppError('twoFactor.alreadyOn', 409);
  const codes = await issueRecoveryCodes(db, userId);
  await appendAudit(db, { userId, entity: 'user', entityId: userId, action: 'two-factor-enable', at });
  return codes;
}
