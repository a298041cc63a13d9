import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

type Executor = Kysely<Database>;

/** What second factors an account has (decision 090): TOTP on, passkeys, unused recovery codes. */
export async function readAccountFactors(db: Executor, userId: number) {
  const user = await db.selectFrom('users').select(['totpEnabledAt']).where('id', '=', userId).executeTakeFirst();
  const passkeys = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirst();
  const codes = await db
    .selectFrom('recoveryCodes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return { totp: !!user?.totpEnabledAt, passkeys: Number(passkeys?.n ?? 0), recoveryCodesLeft: Number(codes?.n ?? 0) };
}

/** True when that company (null: any company) requires a second factor of its administrators. */
export async function companyRequiresTwoFactor(db: Executor, companyId: number | null): Promise<boolean> {
  let query = db.selectFrom('companies').select('id').where('requireTwoFactor', '=', 1);
  if (companyId !== null) query = query.where('id', '=', companyId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Replaces the account's recovery codes by these hashes. */
export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[], at: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
    if (hashes.length > 0)
      await trx
        .insertInto('recoveryCodes')
        .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: at, usedAt: null })))
        .execute();
  });
}

/** Uses one unused code by its hash: one conditional update, so two uses at once count once. */
export async function markRecoveryCodeUsed(db: Executor, userId: number, codeHash: string, at: string): Promise<boolean> {
  const result = await db.updateTable('recoveryCodes').set({ usedAt: at }).where('userId', '=', userId).where('codeHash', '=', codeHash).where('usedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteRecoveryCodes(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
}
