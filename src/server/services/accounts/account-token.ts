import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_TOKEN_BYTES } from '#domain/accounts/account-links.ts';

/** A new one-time token for an invitation or a password reset: 256 random bits, base64url (43 characters). */
export function newAccountToken(): string {
  return randomBytes(ACCOUNT_TOKEN_BYTES).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, hex. */
export function accountTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
