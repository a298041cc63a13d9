import type { Db } from '../connection.ts';

/** Stores one feedback message (returns nothing). */
export async function insertFeedback(db: Db, feedback: { userId: number; message: string; createdAt: string }): Promise<void> {
  await db.insertInto('feedback').values(feedback).execute();
}

/** The latest feedback messages, newest first, with the sender's name and email (null once the account is gone). */
export function latestFeedback(db: Db, limit: number) {
  return db
    .selectFrom('feedback')
    .leftJoin('users', 'users.id', 'feedback.userId')
    .select(['feedback.id', 'feedback.message', 'feedback.createdAt', 'users.name as userName', 'users.email as userEmail'])
    .orderBy('feedback.id', 'desc')
    .limit(limit)
    .execute();
}
