import * as v from 'valibot';
import { issuesToFieldKeys } from '../../domain/auth/auth-schemas.ts';
import type { Db } from '../db/connection.ts';
import { AppError } from '../http/app-error.ts';
import type { SessionUser } from './session-user.ts';

export const FeedbackInput = v.object(
  { message: v.pipe(v.string('validation.required'), v.trim(), v.nonEmpty('validation.required'), v.maxLength(5000, 'validation.tooLong')) },
  'validation.required',
);

/** Stores a message from any signed-in user. */
export async function sendFeedback(db: Db, user: SessionUser, input: unknown): Promise<void> {
  const parsed = v.safeParse(FeedbackInput, input);
  if (!parsed.success) throw new AppError('validation.invalidInput', 422, {}, issuesToFieldKeys(parsed.issues));
  await db.insertInto('feedback').values({ userId: user.id, message: parsed.output.message, createdAt: new Date().toISOString() }).execute();
}

/** The messages, newest first: for the SuperAdmin only. */
export async function listFeedback(db: Db, user: SessionUser) {
  if (user.accountType !== 'SuperAdmin') throw new AppError('settings.feedbackSuperAdminOnly', 403);
  const rows = await db
    .selectFrom('feedback')
    .leftJoin('users', 'users.id', 'feedback.userId')
    .select(['feedback.id', 'feedback.message', 'feedback.createdAt', 'users.name as userName', 'users.email as userEmail'])
    .orderBy('feedback.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({ _id: r.id, message: r.message, createdAt: r.createdAt, userName: r.userName, userEmail: r.userEmail }));
}
