import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_BYTES, API_TOKEN_PREFIX } from '../../domain/api-tokens/api-tokens.ts';

/** A new API token: `jt_` + 256 random bits as base64url (decision 057). */
export function newApiToken(): string {
  return API_TOKEN_PREFIX + randomBytes(API_TOKEN_BYTES).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, hex. */
export function apiTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The `Authorization: Bearer` credential of a request, if any. */
export function bearerOf(request: Request): string | undefined {
  return request.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
}
