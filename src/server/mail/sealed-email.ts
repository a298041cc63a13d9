import type { EmailContent } from './email-content.ts';
import { openSecret, sealSecret } from './secret-box.ts';

const PURPOSE = 'outbox email';

/**
 * An email that carries a one-time link (an invitation, a password reset; decision 066) is queued
 * sealed: the outbox row keeps the subject (for the outbox screen) and the content sealed with the
 * secret box, so the database never holds a usable token in plain text, only its SHA-256.
 */
export interface SealedEmail {
  subject: string;
  sealed: string;
}

export function sealEmail(content: EmailContent): SealedEmail {
  return { subject: content.subject, sealed: sealSecret(PURPOSE, JSON.stringify(content)) };
}

/** The content of a sealed email, or null when it cannot be opened (other secrets, damaged). */
export function openSealedEmail(payload: unknown): unknown {
  const p = payload as Partial<SealedEmail> | null;
  if (!p || typeof p.sealed !== 'string') return payload;
  const plain = openSecret(PURPOSE, p.sealed);
  if (plain === null) return null;
  try {
    return JSON.parse(plain) as unknown;
  } catch {
    return null;
  }
}
