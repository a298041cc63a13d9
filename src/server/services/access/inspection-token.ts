import { createHash, randomBytes } from 'node:crypto';
import { INSPECTION_TOKEN_BYTES } from '#domain/access/inspection-links.ts';

/** A new inspection token: 256 random bits, base64url (43 characters). */
export function newInspectionToken(): string {
  return randomBytes(INSPECTION_TOKEN_BYTES).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, hex. */
export function inspectionTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
