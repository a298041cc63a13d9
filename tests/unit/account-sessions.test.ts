import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signInMethodLabel } from '../../src/domain/auth/account-sessions.ts';
import { deviceSummary } from '../../src/domain/auth/device-summary.ts';
import { isSessionPublicId, sessionPublicId } from '../../src/server/services/sign-in/session-public-id.ts';
import { lastSeenDue, LAST_SEEN_EVERY_MS } from '../../src/server/services/sign-in/session-last-seen.ts';
import es from '../../src/i18n/es.json';
import en from '../../src/i18n/en.json';

const UA = {
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.85 Safari/537.36',
  windowsEdge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

describe('the device of a session (deviceSummary, shared with personal punches)', () => {
  it('names browser and system, headless Chrome as Chrome', () => {
    expect(deviceSummary(UA.headless)).toBe('Chrome 131 · Linux');
    expect(deviceSummary(UA.windowsEdge)).toBe('Edge 131 · Windows');
    expect(deviceSummary(UA.macFirefox)).toBe('Firefox 133 · macOS');
    expect(deviceSummary(UA.android)).toBe('Chrome 131 · Android');
  });

  it('is `?` for an absent or unknown agent, and never longer than 60 characters', () => {
    expect(deviceSummary(null)).toBe('?');
    expect(deviceSummary('curl/8.5.0')).toBe('?');
    expect(deviceSummary(`Windows ${'x'.repeat(5000)}`).length).toBeLessThanOrEqual(60);
  });
});

describe('sessionPublicId', () => {
  const id = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg';

  it('is the first 22 characters of the base64url SHA-256 of the id, never the id', () => {
    const publicId = sessionPublicId(id);
    expect(publicId).toBe(createHash('sha256').update(id).digest('base64url').slice(0, 22));
    expect(publicId).toHaveLength(22);
    expect(id.includes(publicId)).toBe(false);
    expect(sessionPublicId(`${id}x`)).not.toBe(publicId);
    expect(isSessionPublicId(publicId)).toBe(true);
  });

  it('accepts only 22 base64url characters as a public id', () => {
    for (const bad of ['', 'abc', 'A'.repeat(21), 'A'.repeat(23), `${'A'.repeat(21)}/`, '999999', 42, null]) expect(isSessionPublicId(bad)).toBe(false);
  });
});

describe('the last-seen throttle', () => {
  const at = Date.parse('2026-11-29T10:00:00.000Z');
  it('writes when never written or more than a minute old, not within the minute', () => {
    expect(lastSeenDue(null, at)).toBe(true);
    expect(lastSeenDue('2026-11-29T10:00:00.000Z', at + 30_000)).toBe(false);
    expect(lastSeenDue('2026-11-29T10:00:00.000Z', at + LAST_SEEN_EVERY_MS)).toBe(false);
    expect(lastSeenDue('2026-11-29T10:00:00.000Z', at + LAST_SEEN_EVERY_MS + 1)).toBe(true);
  });
});

describe('the sign-in method shown', () => {
  it('has a text in both languages for every method, and unknown for an older session', () => {
    const pick = (d: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], d);
    for (const method of ['password', 'password+totp', 'password+recovery', 'password+passkey', 'passkey', 'oidc', null, 'carrier-pigeon']) {
      const key = signInMethodLabel(method);
      expect(typeof pick(es, key), key).toBe('string');
      expect(typeof pick(en, key), key).toBe('string');
    }
    expect(signInMethodLabel(null)).toBe('sessions.method.unknown');
    expect(signInMethodLabel('password+totp')).toBe('sessions.method.passwordTotp');
    expect(signInMethodLabel('oidc')).toBe('sessions.method.oidc');
  });
});
