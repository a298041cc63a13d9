import { afterEach, describe, expect, it, vi } from 'vitest';
import { beat, HEARTBEAT_MS } from '../../src/components/islands/clock/use-terminal-heartbeat.ts';

/** The kiosk's heartbeat (decision 042): only a 401 means the terminal is gone; a network failure is no verdict. */
describe('terminal heartbeat', () => {
  afterEach(() => vi.unstubAllGlobals());

  const answering = (status: number) => vi.fn(async () => new Response('{}', { status }));

  it('calls GET /api/terminal with the cookie, never cached', async () => {
    const fetch = answering(200);
    vi.stubGlobal('fetch', fetch);
    expect(await beat()).toBe('ok');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/terminal');
    expect(init).toMatchObject({ credentials: 'same-origin', cache: 'no-store' });
  });

  it('reads 401 (revoked or unknown) as lost, anything else as unreachable, never as lost', async () => {
    vi.stubGlobal('fetch', answering(401));
    expect(await beat()).toBe('unknown');
    for (const status of [403, 500, 502, 503]) {
      vi.stubGlobal('fetch', answering(status));
      expect(await beat()).toBe('unreachable');
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await beat()).toBe('unreachable');
  });

  it('beats every minute, well inside the shortest silent limit (5 minutes)', () => {
    expect(HEARTBEAT_MS).toBe(60_000);
  });
});
