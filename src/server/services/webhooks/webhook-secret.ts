import { randomBytes } from 'node:crypto';
import { openSecret, sealSecret } from '../../mail/secret-box.ts';

/**
 * A webhook's signing secret (decision 058): `whsec_` + 32 random bytes as base64url. The server
 * must read it to sign every delivery, so it is kept sealed in the secret box (AES-256-GCM under a
 * key derived from the instance pepper, never in the database; decision 054): a copy of the
 * database alone does not give the secrets away.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

const PURPOSE = 'webhook secret';

export function sealWebhookSecret(secret: string): string {
  return sealSecret(PURPOSE, secret);
}

/** The secret, or null when it cannot be opened (damaged, or sealed under other instance secrets). */
export function openWebhookSecret(stored: string): string | null {
  return openSecret(PURPOSE, stored);
}
