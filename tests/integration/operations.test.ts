import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../helpers/http-client.ts';
import { rawPost as rawPostTo, type RawPostOptions } from '../helpers/raw-post.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Operations over HTTP on the demo data: structured request logs that never carry secrets, the
 * health check, security headers, request body limits (413) for every kind of body, and the
 * trusted-proxy aware address and scheme for sign-in.
 */

let server: TestServer;
let admin: Client;
const DESCRIPTOR = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', 'fixtures', 'face-descriptors.json'), 'utf8')) as Record<string, { kiosk: number[] }>)['amy3']!.kiosk;

beforeAll(async () => {
  server = await startServer({ args: ['--demo'], env: { LOG_LEVEL: 'trace' } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
});

/** A raw POST to this file's server, signed in as the admin (tests/helpers/raw-post.ts). */
const rawPost = (urlPath: string, options: Omit<RawPostOptions, 'token'>) => rawPostTo(server.url, urlPath, { ...options, token: admin.cookie });

describe('logs', () => {
  it('writes one JSON line per request without query strings, passwords, PINs or face descriptors', async () => {
    const pin = '73519046';
    const first = (await (await admin.get('/api/employees?pageSize=1')).json()).data[0];
    const created = await admin.post('/api/employees', {
      firstName: 'Nora',
      lastName: 'Vidal Soler',
      gender: 'female',
      email: 'nora.vidal@example.es',
      nationalId: '87654321X',
      company: first.company,
      department: first.department,
      jobTitle: first.jobTitle,
      leaveGroup: first.leaveGroup,
      employmentType: 'regular',
      pin,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    expect((await new Client(server.url).signIn('admin@demo.jornada', 'Wr0ng#Secret')).status).toBe(401);
    expect((await new Client(server.url).post('/api/clock', { action: 'check-in', pin: '100007' })).status).toBeLessThan(500);
    expect((await new Client(server.url).post('/api/clock', { action: 'check-in', pin })).status).toBeLessThan(500);
    expect((await new Client(server.url).post('/api/clock', { action: 'check-in', descriptor: DESCRIPTOR })).status).toBeLessThan(500);
    expect((await admin.get('/api/employees?q=Needle-in-the-query')).status).toBe(200);
    // Log lines are buffered: wait until this test's requests are all in the log (its two lists,
    // the first test of the file to read them, and the wrong sign-in), not a fixed time.
    const searches = () => server.logs().split('"method":"GET","path":"/api/employees"').length - 1;
    await waitFor("this test's requests in the log", () => searches() >= 2 && /"path":"\/api\/user\/login","status":401/.test(server.logs()));

    // Every line is JSON (decision 041); the demo sign-in line carries the demo password on purpose.
    // (Up to the last complete line: the log is written in buffered chunks.)
    const logs = server.logs();
    const output = logs
      .slice(0, logs.lastIndexOf('\n'))
      .split('\n')
      .filter((l) => l !== '' && !l.includes('"msg":"Demo sign-in: '))
      .join('\n');
    const lines = output.split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const requests = lines.filter((l) => l['msg'] === 'request');
    expect(requests).toContainEqual(expect.objectContaining({ method: 'POST', path: '/api/user/login', status: 401, level: 30 }));
    expect(requests).toContainEqual(expect.objectContaining({ method: 'POST', path: '/api/employees', status: 201 }));
    expect(requests).toContainEqual(expect.objectContaining({ method: 'GET', path: '/api/employees' }));
    for (const r of requests) expect(typeof r['ms']).toBe('number');

    for (const secret of ['Demo#2026', 'Wr0ng#Secret', pin, '100007', 'Needle-in-the-query', admin.cookie!]) {
      expect(output, secret).not.toContain(secret);
    }
    for (const value of DESCRIPTOR.slice(0, 8)) expect(output).not.toContain(String(Math.abs(value)));
  });
});

describe('health and headers', () => {
  it('answers the health check with {status: "ok"}', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('sends a Content-Security-Policy on pages that allows every inline script and style by hash', async () => {
    const res = await fetch(`${server.url}/sign-in`);
    const policy = res.headers.get('content-security-policy') ?? '';
    const html = await res.text();
    for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'", "media-src 'self' blob:", "style-src-attr 'unsafe-inline'"]) {
      expect(policy).toContain(directive);
    }
    const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src '))!;
    expect(scriptSrc).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
    const { createHash } = await import('node:crypto');
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(0);
    for (const body of inline) expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('gives answers that are not pages (JSON, files) a policy that lets nothing run', async () => {
    for (const url of ['/api/health', '/favicon.svg']) {
      const res = await fetch(server.url + url);
      expect(res.headers.get('content-security-policy'), url).toContain("default-src 'none'");
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
    }
  });

  it('serves the web app manifest and its icons to anyone (a phone adds the app before signing in)', async () => {
    const manifest = await fetch(`${server.url}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    const body = (await manifest.json()) as { start_url: string; icons: { src: string }[] };
    expect(body.start_url).toBe('/personal/clock');
    for (const icon of body.icons) {
      const res = await fetch(server.url + icon.src);
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get('content-type'), icon.src).toBe('image/png');
    }
  });
});

describe('request body limits', () => {
  it('answers 413 to a declared body over the hard cap without reading it, in the request language', async () => {
    const en = await rawPost('/api/employees/import', { size: 500 * 1024 * 1024, declareOnly: true });
    expect(en.status).toBe(413);
    expect(JSON.parse(en.body)).toEqual({ message: 'The request is too large', code: 'errors.payloadTooLarge' });
    const es = await rawPost('/api/clock', { size: 100 * 1024 * 1024, declareOnly: true, headers: { 'accept-language': 'es' } });
    expect(es.status).toBe(413);
    expect(JSON.parse(es.body).message).toBe('La petición es demasiado grande');
  });

  it('cuts off chunked bodies past each endpoint limit: forms and punches, photo uploads, the CSV import', async () => {
    const cases: [string, number, string][] = [
      ['/api/clock', 300 * 1024, 'errors.payloadTooLarge'],
      ['/api/employees', 300 * 1024, 'errors.payloadTooLarge'],
      ['/api/employees/1/photos', 8 * 1024 * 1024, 'photos.bodyTooLarge'],
      ['/api/employees/import', 21 * 1024 * 1024, 'errors.payloadTooLarge'],
    ];
    for (const [url, size, code] of cases) {
      const res = await rawPost(url, { size });
      expect(res.status, url).toBe(413);
      expect(JSON.parse(res.body).code, url).toBe(code);
    }
    // A declared size over an endpoint's own limit (but under the hard cap) is refused up front too.
    const photo = await rawPost('/api/employees/1/photos', { size: 8 * 1024 * 1024, declareOnly: true });
    expect(photo.status).toBe(413);
    expect(JSON.parse(photo.body).code).toBe('photos.bodyTooLarge');
    // The server is still well.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});

describe('behind a reverse proxy', () => {
  const signInVia = (forwardedFor: string, email: string, password: string, extra: Record<string, string> = {}) =>
    new Client(server.url).post('/api/user/login', { email, password }, { 'x-forwarded-for': forwardedFor, ...extra });

  async function putSettings(change: Record<string, unknown>): Promise<void> {
    const current = (await (await admin.get('/api/settings')).json()) as { data: Record<string, unknown> };
    const res = await admin.request('PUT', '/api/settings', { ...current.data, ...change });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  it('marks the session cookie Secure when a trusted TLS-terminating proxy says the browser used HTTPS', async () => {
    const plain = await signInVia('203.0.113.50', 'admin@demo.jornada', 'Demo#2026', { 'x-forwarded-proto': 'https' });
    expect(plain.headers.getSetCookie().join()).not.toMatch(/;\s*Secure/i);
    await putSettings({ trustedProxy: '127.0.0.1' });
    const proxied = await signInVia('203.0.113.50', 'admin@demo.jornada', 'Demo#2026', { 'x-forwarded-proto': 'https' });
    expect(proxied.headers.getSetCookie().join()).toMatch(/;\s*Secure/i);
    const overHttp = await signInVia('203.0.113.50', 'admin@demo.jornada', 'Demo#2026', { 'x-forwarded-proto': 'http' });
    expect(overHttp.headers.getSetCookie().join()).not.toMatch(/;\s*Secure/i);
  });

  it('rate-limits sign-in per client address named by a trusted proxy, and ignores the header otherwise', async () => {
    // Trusted proxy (set above): failures from one client lock that client only.
    for (let i = 0; i < 20; i++) expect((await signInVia('203.0.113.7', `ghost${i}@demo.jornada`, 'Wrong#2026')).status).toBe(401);
    expect((await signInVia('203.0.113.7', 'admin@demo.jornada', 'Demo#2026')).status).toBe(429);
    expect((await signInVia('203.0.113.8', 'admin@demo.jornada', 'Demo#2026')).status).toBe(200);

    // Without a trusted proxy a client cannot pick its address: every attempt counts against the connection.
    await putSettings({ trustedProxy: '' });
    // (The connection's address already has one failure from the log test, so the last may be 429.)
    for (let i = 0; i < 20; i++) expect([401, 429]).toContain((await signInVia(`198.51.100.${i}`, `ghost${i}@demo.jornada`, 'Wrong#2026')).status);
    expect((await signInVia('198.51.100.99', 'admin@demo.jornada', 'Demo#2026')).status).toBe(429);
  });
});
