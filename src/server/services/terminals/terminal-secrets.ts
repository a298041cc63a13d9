import { createHash, randomBytes } from 'node:crypto';
import { PAIRING_CODE_LENGTH, pairingCodeFrom, TERMINAL_CREDENTIAL_BYTES } from '#domain/terminals/terminal-rules.ts';

/** A new terminal credential: 256 random bits, base64url (43 characters). */
export function newTerminalCredential(): string {
  return randomBytes(TERMINAL_CREDENTIAL_BYTES).toString('base64url');
}

/** A new pairing code (8 characters of PAIRING_ALPHABET, normalized form). */
export function newPairingCode(): string {
  return pairingCodeFrom(randomBytes(PAIRING_CODE_LENGTH));
}

/** What the database keeps of a credential or a pairing code: its SHA-256, hex. */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
