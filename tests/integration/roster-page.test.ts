import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../helpers/accounts.ts';
import { Client, location } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The roster page over HTTP (issue 39.2, decision 089): schedule.read opens it, read-only without
 * schedule.update (no edit controls are drawn); an employee account and an admin without the
 * schedule permission are refused; the menu lists it next to Schedules only for those who may open it.
 */
let server: TestServer;
const c: Record<'owner' | 'reader' | 'other' | 'worker', Client> = {} as never;

beforeAll(async () => {
  server = await startServer();
  c.owner = new Client(server.url);
  await c.owner.post('/api/sign-up', { company: 'Taller Norte', full_name: 'Marta Gil', email: 'marta@norte.es', password: 'Marta#2026' });
  const company = ((await (await c.owner.get('/api/companies?pageSize=1')).json()) as { data: { _id: number }[] }).data[0]!._id;
  expect((await c.owner.post('/api/departments', { name: 'Obrador', company })).status).toBe(201);
  await addAccount(server.dataDir, { email: 'reader@norte.es', password: 'Read#20266', accountType: 'Admin', permissions: { schedule: ['read'] } });
  await addAccount(server.dataDir, { email: 'other@norte.es', password: 'Other#2026', accountType: 'Admin', permissions: { employee: ['read'] } });
  await addAccount(server.dataDir, { email: 'worker@norte.es', password: 'Work#20266', accountType: 'Employee' });
  c.reader = new Client(server.url);
  c.other = new Client(server.url);
  c.worker = new Client(server.url);
  expect((await c.reader.signIn('reader@norte.es', 'Read#20266')).status).toBe(200);
  expect((await c.other.signIn('other@norte.es', 'Other#2026')).status).toBe(200);
  expect((await c.worker.signIn('worker@norte.es', 'Work#20266')).status).toBe(200);
}, 120_000);
afterAll(() => server?.stop());

describe('/roster', () => {
  it('opens for schedule.update with the editing controls and the menu entry', async () => {
    const res = await c.owner.get('/roster');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="roster-department"');
    expect(html).toContain('data-testid="publish"');
    expect(html).toContain('href="/roster"');
  });

  it('is read-only with schedule.read alone', async () => {
    const res = await c.reader.get('/roster');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="roster-department"');
    expect(html).not.toContain('data-testid="publish"');
    expect(html).not.toContain('data-testid="open-templates"');
  });

  it('refuses an employee account and an admin without the schedule permission', async () => {
    expect(location(await c.worker.get('/roster'))).toBe('/access-denied');
    expect(location(await c.other.get('/roster'))).toBe('/access-denied');
    expect(await (await c.other.get('/employees')).text()).not.toContain('href="/roster"');
  });
});
