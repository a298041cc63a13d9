import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ env: { JORNADA_ADMIN_EMAIL: 'boss@acme.es', JORNADA_ADMIN_PASSWORD: 'Boss#2026' } });
});
afterAll(async () => {
  await server?.stop();
});

it('creates the first SuperAdmin from the environment on a headless install', async () => {
  // The server's output reaches this process through a pipe: on a loaded machine the line can
  // arrive after /api/health answered, so it is waited for, not read once.
  await waitFor('the first SuperAdmin log line', () => server.logs().includes('Created the first SuperAdmin boss@acme.es'));
  const res = await new Client(server.url).signIn('boss@acme.es', 'Boss#2026');
  expect(res.status).toBe(200);
  expect((await res.json()).user.account_type).toBe('SuperAdmin');
  expect((await new Client(server.url).get('/sign-up')).headers.get('location')).toBe('/sign-in');
});

it('rate-limits failed sign-ins per address across accounts (429)', async () => {
  const client = new Client(server.url);
  for (let i = 0; i < 20; i++) {
    expect((await client.signIn(`ghost${i}@acme.es`, 'Wrong#2026')).status).toBe(401);
  }
  const res = await client.signIn('boss@acme.es', 'Boss#2026');
  expect(res.status).toBe(429);
  expect((await res.json()).code).toBe('errors.tooManySignIns');
});
