import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { instanceConfig } from '../config/instance-config.ts';

/**
 * Small secrets kept in the database (the SMTP password, webhook secrets) sealed with AES-256-GCM
 * under a key derived from the instance PIN pepper (config.json). The pepper, not the session
 * password: a restore already checks that config.json's pepper belongs to the database (decision
 * 039), so what this seals opens again after a restore on a new machine. `purpose` separates keys.
 */
function keyFor(purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', instanceConfig().pinPepper, 'jornada secret box v1', purpose, 32));
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealSecret(purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The plain text, or null when the value was sealed with other secrets or is damaged. */
export function openSecret(purpose: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(purpose), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
