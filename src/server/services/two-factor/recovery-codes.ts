import { createHash, randomInt } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import { deleteRecoveryCodes, markRecoveryCodeUsed, replaceRecoveryCodes } from '../../db/repositories/second-factors.ts';
import { sessionNow } from '../sign-in/start-session.ts';

/**
 * Recovery codes of an account's second factor (decision 090): ten codes, shown once when issued,
 * stored as SHA-256 only, each usable once. Issuing replaces the earlier ones. A code is ten
 * characters of an alphabet without look-alikes (about 50 bits), written `xxxxx-xxxxx`; what the user
 * types is read without case, spaces or dashes.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function normalized(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

const hashOf = (code: string) => createHash('sha256').update(normalized(code)).digest('hex');

function newCode(): string {
  let out = '';
  for (let i = 0; i < 10; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** Replaces the account's recovery codes with ten new ones and answers them (the only time they are seen). */
export async function issueRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const at = new Date(sessionNow()).toISOString();
  await db.transaction().execute((trx) => replaceRecoveryCodes(trx, userId, codes.map(hashOf), at));
  return codes;
}

/** Uses one code: true when it was the account's and unused (one conditional update, so twice at once still counts once). */
export async function useRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  if (typeof code !== 'string' || normalized(code).length !== 10) return false;
  return markRecoveryCodeUsed(db, userId, hashOf(code), new Date(sessionNow()).toISOString());
}

/** Removes the account's recovery codes (second factor turned off or reset). */
export async function removeRecoveryCodes(db: Db, userId: number): Promise<void> {
  await deleteRecoveryCodes(db, userId);
}
