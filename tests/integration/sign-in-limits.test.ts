import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../helpers/accounts.ts';
import { addFailingTrigger } from '../helpers/failing-trigger.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

// Issue 15, items 2, 3, 5 and 8 (decision 022): attempt limits that hold under concurrency, a
// sign-in flood that cannot freeze the app, limits an attacker cannot use to lock the owner out,
// and a sign-in that survives a failing `last_sign_in_at` write.

const ADMIN = { email: 'boss@acme.es', password: 'Boss#2026' };
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ env: { JORNADA_ADMIN_EMAIL: ADMIN.email, JORNADA_ADMIN_PASSWORD: ADMIN.password } });
  // The app sits behind a proxy on 127.0.0.1 whose X-Forwarded-For names the client, as in a
  // real deployment: that is how the tests speak from several addresses.
  const admin = new Client(server.url);
  expect((await admin.signIn(ADMIN.email, ADMIN.password)).status).toBe(200);
  const settings = (await (await admin.get('/api/settings')).json()).data;
  expect((await admin.request('PUT', '/api/settings', { ...settings, trustedProxy: '127.0.0.1' })).status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
});

const signIn = (email: string, password: string, address: string) =>
  fetch(`${server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/** A GET on its own connection (no client-side queueing behind the flood); resolves to its time in ms. */
function timedGet(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
  });
}

/** The server's request log lines ({path, status, ms}). */
function requestLines(): Array<{ path: string; status: number; ms: number }> {
  return server
    .logs()
    .split('\n')
    .filter((l) => l.startsWith('{') && l.endsWith('}') && l.includes('"msg":"request"'))
    .map((l) => JSON.parse(l));
}

describe('attempt limits under concurrency', () => {
  it('verifies at most the limit of 100 parallel sign-ins, and the right password sent last does not win', async () => {
    await addAccount(server.dataDir, { email: 'ana@acme.es', password: 'Ana#20266', accountType: 'Admin' });
    const attempts = Array.from({ length: 100 }, (_, i) => (i === 99 ? 'Ana#20266' : `Wrong#${i}xx`));
    const answers = await Promise.all(attempts.map((password) => signIn('ana@acme.es', password, '203.0.113.10')));
    const statuses = answers.map((r) => r.status);
    expect(count(statuses, 200)).toBe(0);
    expect(count(statuses, 401)).toBeLessThanOrEqual(5);
    expect(count(statuses, 401) + count(statuses, 429) + count(statuses, 503)).toBe(100);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).code).toBe('errors.tooManySignIns');
    // Still refused from that address afterwards, right password or not.
    expect((await signIn('ana@acme.es', 'Ana#20266', '203.0.113.10')).status).toBe(429);
  });

  it('lets none of 40 parallel wrong current passwords through beyond the limit, nor the right one after them', async () => {
    await addAccount(server.dataDir, { email: 'bea@acme.es', password: 'Bea#20266', accountType: 'Admin' });
    const client = new Client(server.url);
    expect((await client.signIn('bea@acme.es', 'Bea#20266')).status).toBe(200);
    const change = (currentPassword: string) => client.post('/api/account/password', { currentPassword, newPassword: 'Nuevo#2026', confirmPassword: 'Nuevo#2026' });
    const guesses = Array.from({ length: 40 }, (_, i) => (i === 39 ? 'Bea#20266' : `Wrong#${i}xx`));
    const statuses = (await Promise.all(guesses.map(change))).map((r) => r.status);
    expect(count(statuses, 200)).toBe(0);
    expect(count(statuses, 422)).toBeLessThanOrEqual(5);
    const after = await change('Bea#20266');
    expect(after.status).toBe(429);
    expect(Number(after.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await after.json()).code).toBe('errors.tooManyPasswordAttempts');
    // The password did not change.
    expect((await signIn('bea@acme.es', 'Bea#20266', '203.0.113.11')).status).toBe(200);
  });
});

describe('lockout', () => {
  it('does not lock the owner out at their address when others guess from elsewhere', async () => {
    await addAccount(server.dataDir, { email: 'carla@acme.es', password: 'Carla#2026', accountType: 'SuperAdmin' });
    // The owner signed in earlier from the office.
    expect((await signIn('carla@acme.es', 'Carla#2026', '198.51.100.7')).status).toBe(200);
    // Attackers from twelve addresses, ten wrong guesses each, partly in parallel.
    for (let round = 0; round < 2; round++) {
      await Promise.all(Array.from({ length: 12 }, (_, a) => Promise.all(Array.from({ length: 5 }, (_, i) => signIn('carla@acme.es', `Wrong#${round}${i}x`, `192.0.2.${a + 1}`)))));
    }
    expect((await signIn('carla@acme.es', 'Carla#2026', '192.0.2.1')).status).toBe(429);
    // The owner still signs in from the office, and from a new address that has not failed.
    expect((await signIn('carla@acme.es', 'Carla#2026', '198.51.100.7')).status).toBe(200);
    expect((await signIn('carla@acme.es', 'Carla#2026', '198.51.100.99')).status).toBe(200);
  });
});

describe('sign-in flood', () => {
  it('keeps /api/health fast while 300 bad sign-ins from 30 addresses arrive, and refuses the excess at once', async () => {
    const flood = Array.from({ length: 300 }, async (_, i) => {
      const started = performance.now();
      const res = await signIn(`ghost${i}@nowhere.es`, 'Wrong#2026', `10.9.${i % 30}.1`);
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - started, retryAfter: res.headers.get('retry-after') };
    });
    const floodStarted = performance.now();
    const done = Promise.all(flood);
    let finished = false;
    let floodMs = 0;
    void done.finally(() => ((finished = true), (floodMs = performance.now() - floodStarted)));
    const health: number[] = [];
    let answeredDuringFlood = 0;
    while (!finished || health.length < 20) {
      const probe = await timedGet(`${server.url}/api/health`);
      expect(probe.status).toBe(200);
      health.push(probe.ms);
      if (!finished) answeredDuringFlood++;
    }
    const answers = await done;
    health.sort((a, b) => a - b);
    const median = health[Math.floor(health.length / 2)]!;
    // Health kept answering while the flood ran, never waiting for it: judged against the flood's
    // own length on this machine. A health answer queued behind the password hashes would wait for
    // about the whole flood, so few would come back during it and the typical one would be slow.
    // No absolute bound and no tail: on a 2-core box running two suites one probe can take a second
    // of CPU starvation (p99 1,071 ms in a 2,076 ms flood at load 12). The 200 ms p99 budget is the
    // bench's hostile-load row.
    expect(answeredDuringFlood, `health probes answered during a ${Math.round(floodMs)} ms flood`).toBeGreaterThanOrEqual(3);
    expect(median, `health median over ${health.length} probes, flood ${Math.round(floodMs)} ms`).toBeLessThan(Math.max(250, floodMs / 4));
    expect(answers.every((a) => [401, 429, 503].includes(a.status))).toBe(true);
    const refused = answers.filter((a) => a.status === 503 || a.status === 429);
    expect(refused.length).toBeGreaterThan(200);
    expect(refused.every((a) => Number(a.retryAfter) > 0)).toBe(true);
    // Refused at once: the server's own time for each refusal (its request log line), which
    // leaves out how long this loaded client takes to open 300 connections.
    // (The log is buffered in 4 KB blocks: health requests push the last lines out.)
    const serverMs = await waitFor('a request log line for every refusal', () => {
      void fetch(`${server.url}/api/health`).then((r) => r.arrayBuffer());
      const lines = requestLines().filter((l) => l.path === '/api/user/login' && (l.status === 503 || l.status === 429));
      return lines.length >= refused.length ? lines.map((l) => l.ms).sort((a, b) => a - b) : undefined;
    });
    // Generous for a loaded 2-core CI box; a refusal at the door takes ~0.2 ms when idle.
    expect(serverMs[Math.floor(serverMs.length / 2)]!, serverMs.join(' ')).toBeLessThan(50);
    expect(serverMs[Math.ceil(serverMs.length * 0.9) - 1]!, serverMs.join(' ')).toBeLessThan(500);
  });
});

describe('a failing last_sign_in_at write', () => {
  it('still signs in (and logs it) when the write fails', async () => {
    await addAccount(server.dataDir, { email: 'dora@acme.es', password: 'Dora#2026', accountType: 'Admin' });
    // The disk-full stand-in: any write of last_sign_in_at fails as a full disk would.
    const dropTrigger = addFailingTrigger(server.dataDir, {
      name: 'fail_sign_in_write',
      table: 'users',
      event: 'update of last_sign_in_at',
      message: 'database or disk is full',
    });
    try {
      const client = new Client(server.url);
      const res = await client.signIn('dora@acme.es', 'Dora#2026');
      expect(res.status).toBe(200);
      expect((await client.get('/api/me')).status).toBe(200);
      await waitFor('the log line', () => server.logs().includes('last sign-in time not recorded'));
    } finally {
      dropTrigger();
    }
  });
});
