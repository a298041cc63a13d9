import type { Sha256 } from './record-chain.ts';

/**
 * A chained free text that the retention purge may delete (decision 083, migration 0050): the row
 * keeps the text, a random salt (32 lowercase hex digits) and `digest = SHA-256(salt + text)` (hex,
 * over the UTF-8 bytes of the salt followed by the text as stored), and the chain entry commits to
 * the digest, never the text. The salt makes a short text ("Olvidó fichar") impossible to guess from
 * its digest once the salt is gone. A row written before 0050 has neither salt nor digest, and its
 * entry holds the plain text as it always did.
 */
export interface StoredText {
  text: string | null;
  salt: string | null;
  digest: string | null;
}

/** SHA-256(salt + text), hex: the digest a chain entry commits to. */
export const textDigest = (sha256: Sha256, salt: string, text: string): string => sha256(salt + text.toWellFormed());

/**
 * A purged row's text and salt are gone but the employee is not purged: the row was emptied behind
 * the app. Never a hex digest, so it never equals the entry's.
 */
export const TEXT_REMOVED = 'removed-without-purge';

/**
 * The digest the row commits to now: null for a row written before 0050 (the entry holds the plain
 * text); recomputed from text and salt while they are there (so a changed text no longer matches);
 * the stored digest once the purge removed them (`purged`: the row's employee was purged).
 */
export function committedDigest(sha256: Sha256, stored: StoredText, purged: boolean): string | null {
  if (stored.digest === null) return null;
  if (stored.text !== null && stored.salt !== null) return textDigest(sha256, stored.salt, stored.text);
  return purged && stored.text === null && stored.salt === null ? stored.digest : TEXT_REMOVED;
}

/** A text without a digest where every text has one: written behind the app. Never a hex digest. */
export const TEXT_WITHOUT_DIGEST = 'text-without-digest';

/**
 * The digest an answer's comment commits to (migration 0051 salted every comment already there, so
 * every comment has a digest): as `committedDigest`, except that a comment without a digest (an
 * answer given without one, then a comment written behind the app) never matches its entry.
 */
export function committedCommentDigest(sha256: Sha256, stored: StoredText, purged: boolean): string | null {
  if (stored.digest === null) return stored.text === null ? null : TEXT_WITHOUT_DIGEST;
  return committedDigest(sha256, stored, purged);
}
