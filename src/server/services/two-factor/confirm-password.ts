import { verifyPassword } from '../../auth/passwords.ts';
import { tooManyAttempts } from '../../auth/sign-in-guard.ts';
import type { Db } from '../../db/connection.ts';
import { readPasswordHash } from '../../db/repositories/second-factors.ts';
import { AppError } from '../../http/app-error.ts';
import { passwordChangeLimiter } from '../sign-in/change-password.ts';

/**
 * The signed-in account's current password, asked again before a change to its second factor
 * (decision 090). Wrong ones count in the same per-account limit as a password change (five in
 * fifteen minutes, then 429), so a borrowed session cannot guess it; 422 on the `password` field.
 */
export async function confirmCurrentPassword(db: Db, userId: number, password: string): Promise<void> {
  const passwordHash = await readPasswordHash(db, userId);
  if (passwordHash === undefined) throw new AppError('errors.unauthenticated', 401);
  const key = String(userId);
  const reservation = await passwordChangeLimiter.reserve(key);
  if (!reservation.ok) throw tooManyAttempts('errors.tooManyPasswordAttempts', reservation.retryAfterMs);
  try {
    if (!(await verifyPassword(passwordHash, password))) {
      await reservation.ticket.fail();
      throw new AppError('validation.invalidInput', 422, {}, { password: 'password.wrongCurrent' });
    }
    await passwordChangeLimiter.reset(key);
  } finally {
    await reservation.ticket.release();
  }
}
