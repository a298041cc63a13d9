import { afterAll, describe, expect, it } from 'vitest';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Decision 032: a new install whose first-run country is Spain starts with
 * `acceptUnscheduledWork` on (art. 34.9 ET: every day worked is on the record); any other
 * country keeps the spec's refusals. One fresh server per first run.
 */
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

async function signUpIn(country: string, timezone: string): Promise<Record<string, unknown>> {
  const server = await startServer();
  servers.push(server);
  const owner = new Client(server.url);
  const res = await owner.post('/api/sign-up', { company: `Taller ${country}`, full_name: 'Ana Ruiz', email: 'ana@taller.test', password: 'Taller#2026', country, timezone });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await (await owner.get('/api/settings')).json()) as { data: Record<string, unknown> }).data;
}

describe('sign-up sets whether work outside the schedule is recorded', () => {
  it('on in Spain', async () => {
    expect(await signUpIn('ES', 'Europe/Madrid')).toMatchObject({ country: 'ES', acceptUnscheduledWork: true, shiftWindowMinutes: 240 });
  });

  it('off elsewhere', async () => {
    expect(await signUpIn('PT', 'Europe/Lisbon')).toMatchObject({ country: 'PT', acceptUnscheduledWork: false, shiftWindowMinutes: 240 });
  });
});
