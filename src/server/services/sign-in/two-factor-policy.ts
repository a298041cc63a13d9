import type { Db } from '../../db/connection.ts';
import { companyRequiresTwoFactor, countPasskeys, countUnusedRecoveryCodes, readTotp } from '../../db/repositories/second-factors.ts';
import type { AccountType } from '#domain/permissions/permissions.ts';

/**
 * Which second factors an account has and whether it must have one (decision 090).
 *
 * Two-step sign-in is on for an account with TOTP turned on or at least one passkey: a password
 * sign-in then asks for a code, a recovery code or a passkey. A company's `require_two_factor`
 * makes it compulsory for its administrator accounts (Admin; a SuperAdmin without a company when any
 * company asks): without a factor they are led through set-up before their session starts.
 */
export interface AccountFactors {
  totp: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}

export async function factorsOf(db: Db, userId: number): Promise<AccountFactors> {
  const user = await readTotp(db, userId);
  return { totp: !!user?.totpEnabledAt, passkeys: await countPasskeys(db, userId), recoveryCodesLeft: await countUnusedRecoveryCodes(db, userId) };
}

export function hasSecondFactor(factors: AccountFactors): boolean {
  return factors.totp || factors.passkeys > 0;
}

/** True when the account's company (or, for a SuperAdmin without one, any company) requires a second factor of administrators. */
export async function twoFactorRequired(db: Db, user: { accountType: AccountType; companyId: number | null }): Promise<boolean> {
  if (user.accountType === 'Employee') return false;
  if (user.companyId === null && user.accountType !== 'SuperAdmin') return false;
  return companyRequiresTwoFactor(db, user.companyId);
}
