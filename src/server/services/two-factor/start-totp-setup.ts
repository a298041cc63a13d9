import type { TotpSetupAnswer } from '#domain/auth/two-factor-schemas.ts';
import type { Db } from '../../db/connection.ts';
import { writePendingTotpSecret } from '../../db/repositories/second-factors.ts';
import { AppError } from '../../http/app-error.ts';
import { newTotpSecret, sealTotpSecret, totpProvisioning } from './totp.ts';

/**
 * Starts setting up TOTP (decision 090): a new secret, sealed into `users.totp_secret_sealed` with
 * `totp_enabled_at` still null (TOTP stays off until a first code confirms it; another start
 * replaces an unconfirmed secret). Answers the secret to type by hand, the otpauth URL (issuer
 * "Jornada", the account's email) and its QR code. 409 when TOTP is already on: turn it off first.
 */
export async function startTotpSetup(db: Db, user: { id: number; email: string }): Promise<TotpSetupAnswer> {
  const secret = newTotpSecret();
  if (!(await writePendingTotpSecret(db, user.id, sealTotpSecret(secret)))) throw new AppError('twoFactor.alreadyOn', 409);
  return { secret, ...(await totpProvisioning(user.email, secret)) };
}
