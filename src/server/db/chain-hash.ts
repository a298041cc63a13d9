import { createHash, randomBytes } from 'node:crypto';
import { textDigest } from '#domain/record-chain/chained-text.ts';

/** SHA-256 of a text (UTF-8), as 64 lowercase hex digits: the record chain's hash (decision 033). */
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * A chained free text as stored from migration 0050 on (decision 083): a random salt and
 * SHA-256(salt + text). Null text (no reason given) stores neither; its entry keeps `reason: null`.
 */
export function saltedText(text: string | null): { salt: string | null; digest: string | null } {
  if (text === null) return { salt: null, digest: null };
  const salt = randomBytes(16).toString('hex');
  return { salt, digest: textDigest(sha256Hex, salt, text) };
}
