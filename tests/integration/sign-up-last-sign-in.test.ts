import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/** Issue 17.10: right after sign-up the owner is signed in, so "Last sign-in" is not "never". */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('the sign-up counts as the first sign-in', () => {
  it('records the sign-up session as the last sign-in of the new SuperAdmin', async () => {
    const owner = new Client(server.url);
    const before = Date.now();
    const res = await owner.post('/api/sign-up', { company: 'Horno Alto', full_name: 'Ana Ruiz', email: 'ana@horno.es', password: 'Horno#2026' });
    expect(res.status).toBe(201);
    const list = await (await owner.get('/api/users?pageSize=100')).json();
    const me = list.data.find((u: { email: string }) => u.email === 'ana@horno.es');
    expect(me.lastSignInAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Real time: the server reads its clock, not a fake one, in this test.
    expect(Date.parse(me.lastSignInAt)).toBeGreaterThanOrEqual(before - 60_000);
    const one = await (await owner.get(`/api/users/${me._id}`)).json();
    expect(one.data.lastSignInAt).toBe(me.lastSignInAt);
  });

  it('moves it on at the next sign-in', async () => {
    const list = await (await signedIn()).get('/api/users?pageSize=100');
    const me = (await list.json()).data.find((u: { email: string }) => u.email === 'ana@horno.es');
    expect(me.lastSignInAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});

async function signedIn(): Promise<Client> {
  const client = new Client(server.url);
  expect((await client.signIn('ana@horno.es', 'Horno#2026')).status).toBe(200);
  return client;
}
