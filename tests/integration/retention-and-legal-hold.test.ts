import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../helpers/accounts.ts';
import { addDays, demoIds, writeCases, type DemoIds } from '../helpers/api-bodies.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

/**
 * Issue 38.5 over HTTP (decision 083): the retention setting refuses fewer than four years with a
 * translated message; the legal hold endpoints and who may use them; and the daily job's effect
 * through a moved business clock: after a restart four years and a few days after a leaver's last
 * day, their personal data is gone, a held leaver's is not, and the record chain still verifies.
 */

let server: TestServer;
let clockDir: string;
let clockFile: string;
let admin: Client;
let ids: DemoIds;
let gone: number;
let held: number;
const json = async (res: Response) => (await res.json()) as any;

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-retention-'));
  clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, '2026-03-02T10:00:00.000Z');
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile, LOG_LEVEL: 'info' } });
  admin = new Client(server.url, 'es');
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  ids = await demoIds(admin);
  const body = writeCases(ids, { employee: ids.ownEmployee, department: ids.department })['POST /api/employees']!.body;
  const leaver = async (firstName: string, n: number) => {
    const res = await admin.post('/api/employees', { ...body, firstName, lastName: 'Se Fue', email: `${firstName.toLowerCase()}@example.com`, nationalId: `X000000${n}T`, pin: `9${n}12345`, endDate: '2026-02-27' });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await json(res)).data._id as number;
  };
  gone = await leaver('Gonzalo', 1);
  held = await leaver('Helena', 2);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('the retention setting', () => {
  it('is refused below four years with a translated message, and nothing changes', async () => {
    const settings = (await json(await admin.get('/api/settings'))).data;
    expect(settings.recordRetentionYears).toBe(4);
    const put = (client: Client, years: unknown) => client.request('PUT', '/api/settings', { ...settings, recordRetentionYears: years });
    const refused = await put(admin, 3);
    expect(refused.status).toBe(422);
    expect((await json(refused)).errors.recordRetentionYears).toContain('al menos 4 años');
    const en = new Client(server.url, 'en');
    expect((await en.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
    expect((await json(await put(en, 2))).errors.recordRetentionYears).toContain('at least 4 years');
    expect((await put(en, 11)).status).toBe(422);
    expect((await json(await admin.get('/api/settings'))).data.recordRetentionYears).toBe(4);
    expect((await put(admin, 6)).status).toBe(200);
    expect((await json(await admin.get('/api/settings'))).data.recordRetentionYears).toBe(6);
    expect((await put(admin, 4)).status).toBe(200);
  });
});

describe('legal holds', () => {
  it('a hold needs a reason (translated) and an existing company', async () => {
    const noReason = await admin.post(`/api/employees/${held}/legal-holds`, { reason: '' });
    expect(noReason.status).toBe(422);
    expect((await json(noReason)).errors.reason).toBe('Indica el motivo del bloqueo legal');
    const noCompany = await admin.post('/api/legal-holds', { companyId: 999_999, reason: 'Inspección' });
    expect(noCompany.status).toBe(422);
    expect((await json(noCompany)).errors.companyId).toBe('Elige una empresa existente');
  });

  it('an editor of employees may place a hold on one, but not on a company nor release one; a worker may do none', async () => {
    await addAccount(server.dataDir, { email: 'editor@example.com', password: 'Editor#2026', accountType: 'Admin', permissions: { employee: ['read', 'update'] } });
    const editor = new Client(server.url, 'en');
    expect((await editor.signIn('editor@example.com', 'Editor#2026')).status).toBe(200);
    const placed = await editor.post(`/api/employees/${held}/legal-holds`, { reason: 'Claim before the employment tribunal' });
    expect(placed.status).toBe(201);
    const hold = (await json(placed)).data;
    expect(hold).toMatchObject({ employeeId: held, reason: 'Claim before the employment tribunal', releasedAt: null });
    expect((await editor.post(`/api/legal-holds/${hold.id}/release`)).status).toBe(403);
    expect((await editor.post('/api/legal-holds', { companyId: ids.company, reason: 'x' })).status).toBe(403);
    expect((await editor.get('/api/legal-holds')).status).toBe(403);
    expect((await json(await editor.get(`/api/employees/${held}/legal-holds`))).data).toEqual([expect.objectContaining({ id: hold.id, setByName: expect.any(String) })]);

    const worker = new Client(server.url, 'es');
    expect((await worker.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
    expect((await worker.post(`/api/employees/${ids.ownEmployee}/legal-holds`, { reason: 'Yo' })).status).toBe(403);
    expect((await worker.post('/api/legal-holds', { companyId: ids.company, reason: 'Yo' })).status).toBe(403);
    expect((await worker.post(`/api/legal-holds/${hold.id}/release`)).status).toBe(403);
    expect((await new Client(server.url).post(`/api/employees/${held}/legal-holds`, { reason: 'x' })).status).toBe(401);
  });

  it('an administrator places a company hold and releases it once (404 unknown, 409 twice)', async () => {
    const placed = await admin.post('/api/legal-holds', { companyId: ids.company, reason: 'Requerimiento 45/2026' });
    expect(placed.status).toBe(201);
    const hold = (await json(placed)).data;
    expect(hold).toMatchObject({ companyId: ids.company, employeeId: null });
    expect((await json(await admin.get('/api/legal-holds'))).data.map((h: any) => h.id)).toContain(hold.id);
    expect((await admin.post('/api/legal-holds/999999/release')).status).toBe(404);
    const released = await admin.post(`/api/legal-holds/${hold.id}/release`);
    expect(released.status).toBe(200);
    expect((await json(released)).data.releasedAt).not.toBeNull();
    const twice = await admin.post(`/api/legal-holds/${hold.id}/release`);
    expect(twice.status).toBe(409);
    expect((await json(twice)).message).toBe('Este bloqueo legal ya estaba levantado');
  });
});

describe('the daily purge, four years later', () => {
  it('removes the leaver who is not held, keeps the held one, and verify still holds', async () => {
    await server.kill();
    writeFileSync(clockFile, `${addDays('2030-02-27', 3)}T10:00:00.000Z`);
    await server.restart();
    const after = await waitFor('the purge at start', async () => {
      const e = (await json(await admin.get(`/api/employees/${gone}`))).data;
      return e.purgedAt ? e : undefined;
    });
    expect(after).toMatchObject({ firstName: 'Persona eliminada', lastName: `#${gone}`, email: null, nationalId: '', status: 'archived' });
    expect((await json(await admin.get(`/api/employees/${held}`))).data).toMatchObject({ firstName: 'Helena', purgedAt: null });
    // The log line follows the commit (and the files' removal): waited for, not assumed.
    await waitFor('the purge log line', () => server.logs().includes(`removed the personal data of employee ${gone}`));
    expect((await json(await admin.get('/api/record-chain/verify'))).data).toMatchObject({ ok: true, brokenCount: 0 });
  });

  it('shows the purged person by a translated label', async () => {
    const en = new Client(server.url, 'en');
    expect((await en.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
    const page = await (await en.get(`/employee-details/${gone}`)).text();
    expect(page).toContain(`Deleted person #${gone}`);
    expect(page).not.toContain('Gonzalo');
  });
});
