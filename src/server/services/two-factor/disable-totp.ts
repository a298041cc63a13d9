import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../clock/now.ts';
import { factorsOf, twoFactorRequired } from '../sign-in/two-factor-policy.ts';
import type { AccountType } from '#domain/permissions/permissions.ts';
import { confirmCurrentPassword } from './confirm-password.ts';
import { removeSecondFactors } from './remove-second-factors.ts';

/**
 * Turns TOTP off (decision 090) after the current password: removes the secret, the recovery codes
 * (kept while a passkey remains, whose backup they also are) and the trust of remembered browsers. Refused 409 `twoFactor.requiredByCompany` when the company
 * requires a second factor of this account and no passkey would remain; 409 `twoFactor.notOn` when
 * it is off. Audited as `two-factor-disable`.
 */
export async function disableTotp(db: Db, user: { id: number; accountType: AccountType; companyId: number | null }, password: string): Promise<void> {
  const factors = await factorsOf(db, user.id);
  if (!factors.totp) throw new AppError('twoFactor.notOn', 409);
  if (factors.passkeys === 0 && (await twoFactorRequired(db, user))) throw new AppError('twoFactor.requiredByCompany', 409);
  await confirmCurrentPassword(db, user.id, password);
  // Recovery codes are shared with passkeys: they stay while a passkey remains (its way back in).
  await removeSecondFactors(db, user.id, { recoveryCodes: factors.passkeys === 0, passkeys: false });
  await appendAudit(db, { userId: user.id, entity: 'user', entityId: user.id, action: 'two-factor-disable', at: nowIso() });
}
