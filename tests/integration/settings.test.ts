import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../helpers/accounts.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
let owner: Client;
let reader: Client;
let employee: Client;
let admin: Client;

const DEFAULTS = {
  country: 'UK',
  timezone: 'Europe/Lisbon',
  timeFormat: '1',
  defaultLanguage: 'es',
  rfidClock: false,
  faceRecognition: false,
  graceMinutes: 5,
  breaksPerDay: 1,
  shiftWindowMinutes: 240,
  acceptUnscheduledWork: false,
  ipRestriction: '',
  faceThreshold: 0.55,
  faceMargin: 0.05,
  faceLiveness: true,
  punchPhoto: false,
  punchPhotoRetentionDays: 30,
  recordRetentionYears: 4,
  trustedProxy: '',
  backupTime: '03:00',
  backupKeep: 14,
  correctionAcceptanceDays: 7,
  breaksPaid: false,
  autoBreakAfterMinutes: 0,
  autoBreakMinutes: 30,
  maxOrdinaryDailyHours: 9,
  approvalPeriod: 'month',
  // Decision 056: off by default.
  autoClockOut: false,
  autoClockOutAfterHours: 4,
  // New installations: punches only from paired terminals (decision 042).
  unpairedClock: false,
  terminalSilentMinutes: 60,
  // Decision 086: an administrator approves each claim of an open shift.
  openShiftAssignment: 'approval',
};

beforeAll(async () => {
  server = await startServer();
  owner = new Client(server.url);
  await owner.post('/api/sign-up', { company: 'Óptica Luz', full_name: 'Inés Mora', email: 'ines@luz.es', password: 'Ines#2026' });
  await addAccount(server.dataDir, { email: 'reader@luz.es', password: 'Read#2026', accountType: 'Admin', permissions: { setting: ['read'] } });
  await addAccount(server.dataDir, { email: 'admin@luz.es', password: 'Admin#2026', accountType: 'Admin' });
  await addAccount(server.dataDir, { email: 'staff@luz.es', password: 'Staff#2026', accountType: 'Employee' });
  reader = new Client(server.url);
  await reader.signIn('reader@luz.es', 'Read#2026');
  admin = new Client(server.url);
  await admin.signIn('admin@luz.es', 'Admin#2026');
  employee = new Client(server.url);
  await employee.signIn('staff@luz.es', 'Staff#2026');
});
afterAll(async () => {
  await server?.stop();
});

describe('settings API', () => {
  it('starts with the defaults of the spec', async () => {
    expect((await (await owner.get('/api/settings')).json()).data).toEqual(DEFAULTS);
  });

  it('saves the whole set with "Settings saved successfully!"', async () => {
    const res = await owner.request('PUT', '/api/settings', {
      ...DEFAULTS,
      country: 'ES',
      timezone: 'Europe/Madrid',
      timeFormat: '2',
      graceMinutes: 10,
      ipRestriction: ' 192.168.1.0/24 , 10.0.0.7 ',
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe('Settings saved successfully!');
    expect(body.data).toMatchObject({ country: 'ES', timezone: 'Europe/Madrid', timeFormat: '2', graceMinutes: 10, ipRestriction: '192.168.1.0/24, 10.0.0.7' });
    expect((await (await reader.get('/api/settings')).json()).data.timezone).toBe('Europe/Madrid');
    // The grace changed, and it is an effective-dated figure rule (decision 050): PUT and GET both
    // answer the history, one row from today holding every rule.
    expect(body.breakRulesHistory).toHaveLength(1);
    expect(body.breakRulesHistory[0].rules).toEqual({ breaksPaid: false, autoBreakAfterMinutes: 0, autoBreakMinutes: 30, maxOrdinaryDailyHours: 9, graceMinutes: 10 });
    const got = await (await reader.get('/api/settings')).json();
    expect(got.breakRulesHistory).toEqual(body.breakRulesHistory);
  });

  it('refuses bad values with translated field messages and changes nothing', async () => {
    const es = new Client(server.url, 'es');
    es.cookie = owner.cookie;
    const res = await es.request('PUT', '/api/settings', { ...DEFAULTS, timezone: 'Europa/Nowhere', ipRestriction: '10.0.0.1, 999.1.1.1', graceMinutes: -1 });
    expect(res.status).toBe(422);
    const errors = (await res.json()).errors;
    expect(errors).toEqual({
      timezone: 'Elige una zona horaria de la lista',
      ipRestriction: 'Algunas entradas no son direcciones o rangos válidos',
      graceMinutes: 'Introduce entre 0 y 120 minutos',
    });
    expect((await (await owner.get('/api/settings')).json()).data.timezone).toBe('Europe/Madrid');
    expect((await owner.request('PUT', '/api/settings', { country: 'ES' })).status).toBe(422);
  });

  it('refuses a shift window outside 60-720 whole minutes (422, translated) and keeps the stored settings (decision 032)', async () => {
    const before = (await (await owner.get('/api/settings')).json()).data;
    for (const [lang, text] of [
      ['es', 'Introduce un número entero de minutos entre 60 y 720'],
      ['en', 'Enter a whole number of minutes between 60 and 720'],
    ] as const) {
      const client = new Client(server.url, lang);
      client.cookie = owner.cookie;
      for (const bad of [59, 721, 90.5, null, '120']) {
        const res = await client.request('PUT', '/api/settings', { ...before, shiftWindowMinutes: bad, acceptUnscheduledWork: !before.acceptUnscheduledWork, graceMinutes: 7 });
        expect(res.status, String(bad)).toBe(422);
        expect((await res.json()).errors).toEqual({ shiftWindowMinutes: text });
      }
    }
    expect((await (await owner.get('/api/settings')).json()).data).toEqual(before);
    const ok = await owner.request('PUT', '/api/settings', { ...before, shiftWindowMinutes: 180, acceptUnscheduledWork: true });
    expect(ok.status).toBe(200);
    expect((await ok.json()).data).toMatchObject({ shiftWindowMinutes: 180, acceptUnscheduledWork: true });
    // An employee cannot turn it back off.
    expect((await employee.request('PUT', '/api/settings', { ...before, acceptUnscheduledWork: false })).status).toBe(403);
    expect((await (await owner.get('/api/settings')).json()).data).toMatchObject({ shiftWindowMinutes: 180, acceptUnscheduledWork: true });
    expect((await owner.request('PUT', '/api/settings', before)).status).toBe(200);
  });

  it('is guarded: read without update gets 403 on PUT; employees get 403 on both', async () => {
    const put = await reader.request('PUT', '/api/settings', DEFAULTS);
    expect(put.status).toBe(403);
    expect((await put.json()).message).toBe('You do not have permission to edit settings.');
    expect((await employee.get('/api/settings')).status).toBe(403);
    expect((await admin.request('PUT', '/api/settings', { ...DEFAULTS, timezone: 'Europe/Madrid', country: 'ES' })).status).toBe(200);
  });

  it('renders the settings page for a reader, read-only', async () => {
    const html = await (await reader.get('/setting')).text();
    expect(html).toContain('Europe/Madrid');
    expect(html).toContain('&quot;canUpdate&quot;:[0,false]');
  });
});

describe('feedback', () => {
  it('anyone signed in can send it; only the SuperAdmin reads it', async () => {
    const sent = await employee.post('/api/feedback', { message: 'Me encanta el fichaje por cara' });
    expect(sent.status).toBe(201);
    expect((await sent.json()).message).toBe('Thank you! Your feedback has been sent.');
    expect((await employee.post('/api/feedback', { message: '   ' })).status).toBe(422);
    expect((await admin.get('/api/feedback')).status).toBe(403);
    const list = await (await owner.get('/api/feedback')).json();
    expect(list.data[0]).toMatchObject({ message: 'Me encanta el fichaje por cara', userName: 'staff@luz.es' });
  });
});

describe('attributions and account pages', () => {
  it('ships the generated list of open-source packages with their licences', async () => {
    const res = await fetch(`${server.url}/attributions.json`);
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list.length).toBeGreaterThan(50);
    expect(list).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'react', license: 'MIT' })]));
  });

  it('shows account settings in both areas', async () => {
    const adminPage = await (await admin.get('/account-setting')).text();
    expect(adminPage).toContain('admin@luz.es');
    expect(adminPage).toContain('data-testid="page-title">Account settings<');
    const personal = await (await employee.get('/personal/account-setting')).text();
    expect(personal).toContain('staff@luz.es');
  });
});

describe('default language', () => {
  it('renders pages in the instance default when neither cookie nor browser chooses', async () => {
    const page = async (headers: Record<string, string>) => (await fetch(`${server.url}/sign-in`, { headers })).text();
    expect(await page({})).toContain('Bienvenido de nuevo');
    await owner.request('PUT', '/api/settings', { ...DEFAULTS, defaultLanguage: 'en' });
    expect(await page({})).toContain('Welcome back');
    expect(await page({ 'accept-language': 'fr, es;q=0.5' })).toContain('Bienvenido de nuevo');
    expect(await page({ cookie: 'lang=es' })).toContain('Bienvenido de nuevo');
    await owner.request('PUT', '/api/settings', { ...DEFAULTS, defaultLanguage: 'es' });
  });
});
