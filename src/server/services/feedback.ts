import * as v from 'valibot';
import { issuesToFieldKeys } from '../../domain/auth/auth-schemas.ts';
import { FeedbackInput } from '../../domain/feedback/feedback-schema.ts';
import { SharedRateLimiter } from '../auth/shared-rate-limiter.ts';
import { nowMs } from '../clock/now.ts';
import type { Db } from '../db/connection.ts';
import { insertFeedback, latestFeedback } from '../db/repositories/feedback.ts';
import { AppError } from '../http/app-error.ts';
import type { SessionUser } from './sign-in/session-user.ts';

/** Messages an account may send per hour: enough for real feedback, not for filling the table. */
export const FEEDBACK_PER_HOUR = 5;
const feedbackLimiter = new SharedRateLimiter('feedback', FEEDBACK_PER_HOUR, 60 * 60 * 1000, nowMs);

/**
 * Stores a message from any signed-in user: at most FEEDBACK_PER_HOUR stored messages per
 * account in a sliding hour, then 429 `errors.tooManyFeedback` (with `retryAfterSeconds`) before
 * the body is even validated.
 */
export async function sendFeedback(db: Db, user: SessionUser, input: unknown): Promise<void> {
  // The place is taken (one atomic unit) before anything else, so parallel messages cannot all pass the check.
  const reservation = await feedbackLimiter.reserve(String(user.id));
  if (!reservation.ok) {
    const wait = reservation.retryAfterMs;
    const minutes = Math.max(1, Math.ceil(wait / 60000));
    throw new AppError('errors.tooManyFeedback', 429, { minutes, count: minutes, retryAfterSeconds: Math.ceil(wait / 1000) });
  }
  try {
    const parsed = v.safeParse(FeedbackInput, input);
    if (!parsed.success) throw new AppError('validation.invalidInput', 422, {}, issuesToFieldKeys(parsed.issues));
    await insertFeedback(db, { userId: user.id, message: parsed.output.message, createdAt: new Date(nowMs()).toISOString() });
    await reservation.ticket.fail(); // a stored message keeps its place
  } finally {
    await reservation.ticket.release(); // a refused body does not count
  }
}

/** The messages, newest first: for the SuperAdmin only. */
export async function listFeedback(db: Db, user: SessionUser) {
  if (user.accountType !== 'SuperAdmin') throw new AppError('settings.feedbackSuperAdminOnly', 403);
  const rows = await latestFeedback(db, 200);
  return rows.map((r) => ({ _id: r.id, message: r.message, createdAt: r.createdAt, userName: r.userName, userEmail: r.userEmail }));
}
