import { createHash } from 'node:crypto';

/**
 * The name a session is shown and ended by (decision 093): the first 22 characters (132 bits) of
 * the base64url SHA-256 of its id. The id itself is the secret the sealed cookie carries and never
 * leaves the server; the public id cannot be turned back into it.
 */
export function sessionPublicId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url').slice(0, 22);
}

/** A well-formed public id (anything else is an unknown session: 404). */
export function isSessionPublicId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{22}$/.test(value);
}
