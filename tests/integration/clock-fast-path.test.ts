import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * A signed-out POST /api/clock is answered by the fast path in serve.ts; one carrying a session
 * (here a Bearer token that names nobody, so the endpoint stays public) goes through Astro's
 * middleware and route. Both must give the same answer — status, body and headers (the framing
 * headers aside: the fast path sends Content-Length, Astro streams chunked).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
});
afterAll(async () => {
  await server?.stop();
});

const FRAMING = new Set(['content-length', 'transfer-encoding', 'date', 'connection', 'keep-alive']);

async function punch(body: string, headers: Record<string, string>, viaAstro: boolean) {
  const res = await fetch(`${server.url}/api/clock`, {
    method: 'POST',
    headers: { ...headers, ...(viaAstro ? { authorization: 'Bearer not-a-session' } : {}) },
    body,
  });
  const kept = [...res.headers].filter(([name]) => !FRAMING.has(name)).sort(([x], [y]) => x.localeCompare(y));
  return { status: res.status, headers: kept, body: await res.text(), sized: res.headers.has('content-length') };
}

it('answers signed-out punches exactly as the Astro route does', async () => {
  const json = { 'content-type': 'application/json' };
  const cases: [string, Record<string, string>][] = [
    // 200, then the double tap of the same punch (same time) on the other path.
    [JSON.stringify({ action: 'check-in', pin: '100003' }), { ...json, 'accept-language': 'en' }],
    [JSON.stringify({ action: 'break-out', pin: '100004' }), { ...json, cookie: 'lang=en' }],
    [JSON.stringify({ action: 'nope' }), json],
    [JSON.stringify({ action: 'check-in' }), { ...json, 'accept-language': 'en' }],
    ['{not json', json],
    ['{}', { 'content-type': 'application/xml' }],
    ['{}', { ...json, origin: 'http://elsewhere.example' }],
    [JSON.stringify({ action: 'check-in', pin: '9' }), json],
    [JSON.stringify({ action: 'check-in', pin: '999999' }), { ...json, 'accept-language': 'en' }],
  ];
  const statuses: number[] = [];
  for (const [body, headers] of cases) {
    const fast = await punch(body, headers, false);
    const astro = await punch(body, headers, true);
    // Which path answered: only the fast path declares the length.
    expect([fast.sized, astro.sized], body).toEqual([true, false]);
    expect({ ...fast, sized: 0 }, body).toEqual({ ...astro, sized: 0 });
    expect(fast.headers.find(([n]) => n === 'content-security-policy')?.[1]).toContain("default-src 'none'");
    statuses.push(fast.status);
  }
  expect(statuses.slice(2)).toEqual([422, 422, 400, 415, 403, 422, 401]);
  expect([200, 409]).toContain(statuses[0]);
});
