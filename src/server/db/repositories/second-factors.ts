import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

type Executor = Kysely<Database>;

/**
 * The rows of an account's second factors (migration 0053, decision 090): the TOTP columns of
 * `users`, `recovery_codes`, `passkeys`, and the companies' requirement. Conditional writes answer
 * whether they changed a row, so "once" holds across servers.
 */

export async function readTotp(db: Executor, userId: number) {
  return db.selectFrom('users').select(['totpSecretSealed', 'totpEnabledAt', 'totpLastStep']).where('id', '=', userId).executeTakeFirst();
}

export async function readPasswordHash(db: Executor, userId: number): Promise<string | undefined> {
  return (await db.selectFrom('users').select('passwordHash').where('id', '=', userId).executeTakeFirst())?.passwordHash;
}

export async function userExists(db: Executor, userId: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

/** A new unconfirmed secret (last step cleared); false when TOTP is on. */
export async function writePendingTotpSecret(db: Executor, userId: number, sealed: string): Promise<boolean> {
  const result = await db.updateTable('users').set({ totpSecretSealed: sealed, totpLastStep: null }).where('id', '=', userId).where('totpEnabledAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Turns TOTP on; false when it already was. */
export async function turnTotpOn(db: Executor, userId: number, at: string): Promise<boolean> {
  const result = await db.updateTable('users').set({ totpEnabledAt: at }).where('id', '=', userId).where('totpEnabledAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records the step of an accepted code, only when later than the last one and the secret is the one checked. */
export async function advanceTotpStep(db: Executor, userId: number, sealed: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totpLastStep: step })
    .where('id', '=', userId)
    .where('totpSecretSealed', '=', sealed)
    .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function clearTotp(db: Executor, userId: number): Promise<void> {
  await db.updateTable('users').set({ totpSecretSealed: null, totpEnabledAt: null, totpLastStep: null }).where('id', '=', userId).execute();
}

export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[], at: string): Promise<void> {
  await db.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
  await db
    .insertInto('recoveryCodes')
    .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: at, usedAt: null })))
    .execute();
}

/** Marks an unused code used; false when it is not the account's or was used. */
export async function markRecoveryCodeUsed(db: Executor, userId: number, codeHash: string, at: string): Promise<boolean> {
  const result = await db.updateTable('recoveryCodes').set({ usedAt: at }).where('userId', '=', userId).where('codeHash', '=', codeHash).where('usedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteRecoveryCodes(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
}

export async function deletePasskeys(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('passkeys').where('userId', '=', userId).execute();
}

export async function countPasskeys(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countUnusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recoveryCodes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Whether that company (or, with null, any company) requires a second factor of its administrators. */
export async function companyRequiresTwoFactor(db: Executor, companyId: number | null): Promise<boolean> {
  let query = db.selectFrom('companies').select('id').where('requireTwoFactor', '=', 1);
  if (companyId !== null) query = query.where('id', '=', companyId);
  return (await query.executeTakeFirst()) !== undefined;
}
