import type { Insertable, Kysely } from 'kysely';
import type { AuthChallengeTable, Database } from '../schema.ts';

type Executor = Kysely<Database>;

export async function insertAuthChallenge(db: Executor, row: Insertable<AuthChallengeTable>): Promise<void> {
  await db.insertInto('authChallenges').values(row).execute();
}

/** The live challenge of that kind, without using it up. */
export async function readAuthChallenge(db: Executor, idHash: string, kind: string, now: string) {
  return db.selectFrom('authChallenges').selectAll().where('idHash', '=', idHash).where('kind', '=', kind).where('expiresAt', '>', now).executeTakeFirst();
}

/** Takes (deletes and returns) the live challenge of that kind: one conditional delete, so it is used once on every server. */
export async function takeAuthChallenge(db: Executor, idHash: string, kind: string, now: string) {
  return db.deleteFrom('authChallenges').where('idHash', '=', idHash).where('kind', '=', kind).where('expiresAt', '>', now).returningAll().executeTakeFirst();
}

export async function updateAuthChallengeData(db: Executor, idHash: string, data: string): Promise<void> {
  await db.updateTable('authChallenges').set({ data }).where('idHash', '=', idHash).execute();
}

export async function pruneAuthChallenges(db: Executor, now: string): Promise<void> {
  await db.deleteFrom('authChallenges').where('expiresAt', '<=', now).execute();
}
