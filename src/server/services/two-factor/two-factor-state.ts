import type { TwoFactorState } from '#domain/auth/two-factor-schemas.ts';
import type { AccountType } from '#domain/permissions/permissions.ts';
import type { Db } from '../../db/connection.ts';
import { readTotp } from '../../db/repositories/second-factors.ts';
import { factorsOf, twoFactorRequired } from '../sign-in/two-factor-policy.ts';

/** The account's two-step sign-in as account settings show it (decision 090). */
export async function twoFactorState(db: Db, user: { id: number; accountType: AccountType; companyId: number | null }): Promise<TwoFactorState> {
  const factors = await factorsOf(db, user.id);
  const row = await readTotp(db, user.id);
  return {
    enabled: factors.totp,
    enabledAt: row?.totpEnabledAt ?? null,
    recoveryCodesLeft: factors.recoveryCodesLeft,
    passkeys: factors.passkeys,
    requiredByCompany: await twoFactorRequired(db, user),
  };
}
