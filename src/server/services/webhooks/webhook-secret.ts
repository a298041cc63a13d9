import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { instanceConfig } from '../../config/instance-config.ts';

/**
 * A webhook's signing secret (decision 058): `whsec_` + 32 random bytes as base64url. The server
 * must read it to sign every delivery, so it is kept, sealed with AES-256-GCM under a key derived
 * from the instance pepper (config.json, never in the database): a copy of the database alone does
 * not give away the secrets. A database restored under other instance secrets cannot open them;
 * its deliveries fail with a plain message until the webhook gets a new secret.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

const PREFIX = 'v1:';

function key(): Buffer {
  return createHmac('sha256', instanceConfig().pinPepper).update('jornada webhook secrets').digest();
}

export function sealWebhookSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The secret, or null when it cannot be opened (damaged, or sealed under other instance secrets). */
export function openWebhookSecret(stored: string): string | null {
  if (!stored.startsWith(PREFIX)) return null;
  try {
    const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key(), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
