import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFIER_PAGE_CSP } from '../../src/server/http/csp.ts';
import { demoIds, type DemoIds } from '../helpers/api-bodies.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Issue 38 point 6 (decision 084) over HTTP: the open record export on the admin's record and the
 * inspector's link (permissions, bad input, the use logged with the seal), the verifier served as
 * a page and a script, and that script — downloaded from the server into a folder of its own, as
 * an inspector would — run with Node on a downloaded export: exit 0, then 1 naming the entry after
 * a one-byte change.
 */

let server: TestServer;
let admin: Client;
let employee: Client;
let ids: DemoIds;
let month: string;
let dir: string;
let verifierPath: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-record-export-'));
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1' } });
  admin = new Client(server.url, 'es');
  employee = new Client(server.url, 'es');
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  expect((await employee.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
  ids = await demoIds(admin);
  const { timezone } = (await (await admin.get('/api/settings')).json()).data;
  // Ten days back: a month the demo has worked days (and punches) in, whatever today's date.
  month = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit' }).format(new Date(Date.now() - 10 * 86_400_000)).slice(0, 7);
  const script = await new Client(server.url).get('/record-format/verify-record.js');
  expect(script.status).toBe(200);
  verifierPath = path.join(dir, 'verify-record.js');
  writeFileSync(verifierPath, await script.text());
}, 90_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the downloaded verifier on `text` saved as a file. */
function verify(text: string, name: string) {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  const run = spawnSync(process.execPath, [verifierPath, file], { encoding: 'utf8', cwd: dir });
  return { status: run.status, out: run.stdout + run.stderr };
}

describe("the admin's open export", () => {
  it('downloads the sealed JSON that the Node verifier finds intact, and names a one-byte change', async () => {
    const res = await admin.get(`/api/reports/monthly-record/open-export?month=${month}&employee=${ids.otherEmployee}&format=json&lang=es`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('content-disposition')).toContain(`registro-jornada-${month}.json`);
    const text = await res.text();
    const doc = JSON.parse(text);
    expect(doc).toMatchObject({ format: 'jornada-record', version: 1, scope: { month, employeeId: ids.otherEmployee } });
    expect(res.headers.get('x-record-seal')).toBe(doc.seal.value);
    expect(doc.sections.workers.map((w: { name: string }) => w.name)).toEqual(['Elena Ramos Castillo']);
    expect(doc.sections.chain.length).toBeGreaterThan(0);

    const intact = verify(text, 'intact.json');
    expect(intact.out).toMatch(/^Record export intact: \d+ entries, \d+ items checked\. Seal [0-9a-f]{64}\.$/m);
    expect(intact.status).toBe(0);

    const renamed = verify(text.replace('"Elena Ramos Castillo"', '"Elena Ramoz Castillo"'), 'renamed.json');
    expect(renamed.status).toBe(1);
    expect(renamed.out).toContain(`workers: worker ${ids.otherEmployee}: its content does not match its itemHash.`);

    const punch = doc.sections.punches[0] as { id: number; at: string };
    expect(punch, 'the demo month has punches').toBeDefined();
    const later = `${punch.at.slice(0, 18)}${punch.at[18] === '9' ? '8' : '9'}${punch.at.slice(19)}`;
    const moved = verify(text.replace(`"at": "${punch.at}"`, `"at": "${later}"`), 'moved.json');
    expect(moved.status).toBe(1);
    expect(moved.out).toContain(`punches: punch ${punch.id}: differs from its chain entry`);
  });

  it('writes the CSV twin, refuses a bad format or month with a translated 422', async () => {
    const csv = await admin.get(`/api/reports/monthly-record/open-export?month=${month}&format=csv&lang=en`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain(`working-time-record-${month}.csv`);
    const body = await csv.text();
    for (const section of ['#export,', '#workers,', '#days,', '#punches,', '#revisions,', '#answers,', '#chain,', '#seal,']) expect(body).toContain(section);
    expect(body).toContain(csv.headers.get('x-record-seal'));

    const format = await admin.get(`/api/reports/monthly-record/open-export?month=${month}&format=xml`);
    expect(format.status).toBe(422);
    expect((await format.json()).errors.format).toBe('Elige el formato de la exportación: json o csv.');
    expect((await admin.get('/api/reports/monthly-record/open-export?month=2026-13')).status).toBe(422);
  });

  it('is for accounts that see every employee: an Employee account gets 403, no session 401', async () => {
    expect((await employee.get(`/api/reports/monthly-record/open-export?month=${month}&employee=${ids.ownEmployee}`)).status).toBe(403);
    expect((await new Client(server.url).get(`/api/reports/monthly-record/open-export?month=${month}`)).status).toBe(401);
  });

  it('is offered on the monthly record with the verifier beside it', async () => {
    const html = await (await admin.get(`/reports/employee-attendance?view=record&month=${month}`)).text();
    expect(html).toContain('data-testid="open-export"');
    expect(html).toContain(`/api/reports/monthly-record/open-export?`);
    expect(html).toContain('href="/record-format/verify.html?lang=es"');
  });
});

describe("the inspector's open export", () => {
  it('downloads JSON and CSV without an account, logs each use with its seal, and is refused once revoked', async () => {
    const created = await admin.post('/api/inspection-links', { days: 7 });
    expect(created.status).toBe(201);
    const { data } = await created.json();
    const token = (data.path as string).split('/').pop()!;
    const inspector = new Client(server.url, 'en');
    const page = await (await inspector.get(`/inspection/${token}?month=${month}`)).text();
    expect(page).toContain(`/inspection/${token}/record.json?`);
    expect(page).toContain('data-testid="open-export-verifier"');

    const json = await inspector.get(`/inspection/${token}/record.json?month=${month}&employee=${ids.otherEmployee}`);
    expect(json.status).toBe(200);
    const text = await json.text();
    expect(verify(text, 'inspector.json').status).toBe(0);
    const csv = await inspector.get(`/inspection/${token}/record.csv?month=${month}`);
    expect(csv.status).toBe(200);
    const uses = (await (await admin.get(`/api/inspection-links/${data._id}/uses`)).json()).data as { viewed: string }[];
    expect(uses.map((u) => u.viewed).reverse()).toEqual([
      `record ${month} html`,
      `record ${month} employee=${ids.otherEmployee} json seal=${json.headers.get('x-record-seal')}`,
      `record ${month} csv seal=${csv.headers.get('x-record-seal')}`,
    ]);

    expect((await admin.post(`/api/inspection-links/${data._id}/revoke`)).status).toBe(200);
    const refused = await inspector.get(`/inspection/${token}/record.json?month=${month}`);
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain('jornada-record');
    expect((await inspector.get(`/inspection/${'D'.repeat(43)}/record.json`)).status).toBe(404);
  });
});

describe('the verifier page', () => {
  it('is a public page whose policy runs only its same-origin script and connects nowhere', async () => {
    const res = await new Client(server.url).get('/record-format/verify.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(VERIFIER_PAGE_CSP);
    expect(await res.text()).toContain('<script src="verify-record.js"></script>');
  });
});
