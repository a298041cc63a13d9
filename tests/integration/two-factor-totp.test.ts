import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, demoIds, type DemoIds } from '../helpers/api-bodies.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Two-step sign-in with TOTP over HTTP (decision 090): the account endpoints, the sign-in's second
 * step and the set-up a company requires, the SuperAdmin reset, and who is refused — an API token,
 * an employee, an administrator who is not a SuperAdmin — and bad input (422, unknown ticket 401).
 * The rules themselves are in tests/service/two-factor-totp.test.ts. Codes are made with otplib
 * from the secret the set-up answers; each sign-in uses a later step than the one before.
 */
let server: TestServer;
let ids: DemoIds;
let superAdmin: Client;
const PASSWORD = 'Prueba#2026x';
const EMAIL = 'dos.pasos@example.com';
let adminId: number;
let secret: string;
let recoveryCodes: string[];

/** The code `steps` 30-second steps from now. */
const code = (steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function passwordStep(client: Client, email = EMAIL, password = PASSWORD) {
  const res = await client.post('/api/user/login', { email, password });
  expect(res.status).toBe(200);
  return res.json();
}

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
  superAdmin = new Client(server.url, 'en');
  expect((await superAdmin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  ids = await demoIds(superAdmin);
  const created = await superAdmin.post('/api/users', { name: 'Dos Pasos', email: EMAIL, role: ids.role, status: 'enabled', accountType: 'Admin', company: ids.company, password: PASSWORD, confirmPassword: PASSWORD });
  expect(created.status).toBe(201);
  adminId = (await created.json()).data._id;
}, 90_000);

afterAll(async () => {
  await server?.stop();
});

describe('account settings', () => {
  it('sets TOTP up: state, secret and QR, a wrong first code 422, the right one answers ten recovery codes', async () => {
    const admin = new Client(server.url, 'en');
    expect((await admin.signIn(EMAIL, PASSWORD)).status).toBe(200);
    expect((await (await admin.get('/api/account/two-factor')).json()).data).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, passkeys: 0, requiredByCompany: false });
    const setup = await admin.post('/api/account/two-factor/setup');
    expect(setup.status).toBe(200);
    const { data } = await setup.json();
    secret = data.secret;
    expect(data.otpauthUrl).toContain('otpauth://totp/Jornada:');
    expect(data.qrSvg).toMatch(/^<svg/);
    const wrong = await admin.post('/api/account/two-factor/enable', { code: '000000' });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors.code).toMatch(/not right/);
    for (const bad of [{}, { code: 'abcdef' }, { code: 123456 }, { code: '12345' }]) expect((await admin.post('/api/account/two-factor/enable', bad)).status).toBe(422);
    const on = await admin.post('/api/account/two-factor/enable', { code: await code() });
    expect(on.status).toBe(200);
    recoveryCodes = (await on.json()).recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect((await (await admin.get('/api/account/two-factor')).json()).data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await admin.post('/api/account/two-factor/setup')).status).toBe(409);
  });

  it('refuses an API token at every account-security endpoint', async () => {
    const made = await superAdmin.post('/api/api-tokens', { name: 'Script', expiresOn: addDays(ids.today, 30), permissions: { report: ['read'] } });
    expect(made.status).toBe(201);
    const token = (await made.json()).data.token as string;
    const script = new Client(server.url, 'en');
    script.extraHeaders = { authorization: `Bearer ${token}` };
    expect((await script.get('/api/account/two-factor')).status).toBe(403);
    expect((await script.post('/api/account/two-factor/setup')).status).toBe(403);
    expect((await script.post('/api/account/two-factor/disable', { password: 'Demo#2026' })).status).toBe(403);
    expect((await script.request('DELETE', `/api/users/${adminId}/two-factor`)).status).toBe(403);
  });
});

describe('sign-in with password and code', () => {
  it('answers a ticket; a right code signs in and sets the cookie; the same code does not work twice', async () => {
    const browser = new Client(server.url, 'en');
    const step = await passwordStep(browser);
    expect(step.secondFactor.methods).toEqual(['totp', 'recovery']);
    expect(step.accessToken).toBeUndefined();
    expect((await browser.get('/api/me')).status).toBe(401);
    const next = await code(1);
    const res = await browser.post('/api/user/login/second-factor', { ticket: step.secondFactor.ticket, method: 'totp', code: next });
    expect(res.status).toBe(200);
    expect((await res.json()).user.email).toBe(EMAIL);
    expect((await browser.get('/api/me')).status).toBe(200);
    // The ticket is used up, and the code with it.
    expect((await browser.post('/api/user/login/second-factor', { ticket: step.secondFactor.ticket, method: 'totp', code: next })).status).toBe(401);
    const other = await passwordStep(new Client(server.url, 'en'));
    const replay = await new Client(server.url, 'en').post('/api/user/login/second-factor', { ticket: other.secondFactor.ticket, method: 'totp', code: next });
    expect(replay.status).toBe(401);
    expect((await replay.json()).code).toBe('twoFactor.wrongCode');
  });

  it('takes a recovery code once', async () => {
    const browser = new Client(server.url, 'en');
    const step = await passwordStep(browser);
    expect((await browser.post('/api/user/login/second-factor', { ticket: step.secondFactor.ticket, method: 'recovery', code: recoveryCodes[0] })).status).toBe(200);
    const again = await passwordStep(browser);
    expect((await browser.post('/api/user/login/second-factor', { ticket: again.secondFactor.ticket, method: 'recovery', code: recoveryCodes[0] })).status).toBe(401);
  });

  it('refuses bad input with 422 and an unknown ticket with 401', async () => {
    const browser = new Client(server.url, 'es');
    const step = await passwordStep(browser);
    const ticket = step.secondFactor.ticket;
    for (const bad of [
      { ticket, method: 'sms', code: '123456' },
      { ticket, method: 'totp' },
      { ticket, method: 'totp', code: '123456', rememberDevice: 'yes' },
      { method: 'totp', code: '123456' },
    ]) {
      const res = await browser.post('/api/user/login/second-factor', bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
    }
    const unknown = await browser.post('/api/user/login/second-factor', { ticket: 'x'.repeat(43), method: 'totp', code: '123456' });
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).code).toBe('errors.signInExpired');
    expect((await browser.post('/api/user/login/two-factor-setup', { ticket })).status).toBe(401); // a second-factor ticket is no set-up ticket
  });
});

describe('the SuperAdmin reset', () => {
  it('refuses an employee and an administrator who is not a SuperAdmin; a SuperAdmin resets another account, not their own', async () => {
    const employee = new Client(server.url, 'en');
    expect((await employee.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
    expect((await employee.request('DELETE', `/api/users/${adminId}/two-factor`)).status).toBe(403);
    const adminBrowser = new Client(server.url, 'en');
    const step = await passwordStep(adminBrowser);
    expect((await adminBrowser.post('/api/user/login/second-factor', { ticket: step.secondFactor.ticket, method: 'recovery', code: recoveryCodes[1] })).status).toBe(200);
    const superId = (await (await superAdmin.get('/api/me')).json()).user._id as number;
    const notSuper = await adminBrowser.request('DELETE', `/api/users/${superId}/two-factor`);
    expect(notSuper.status).toBe(403);
    expect((await superAdmin.request('DELETE', `/api/users/${superId}/two-factor`)).status).toBe(409);
    expect((await superAdmin.request('DELETE', '/api/users/999999/two-factor')).status).toBe(404);
    expect((await superAdmin.request('DELETE', `/api/users/${adminId}/two-factor`)).status).toBe(200);
    // Password only again.
    const after = await passwordStep(new Client(server.url, 'en'));
    expect(after.accessToken).toEqual(expect.any(String));
  });
});

describe('required by the company', () => {
  it('leads an administrator without a factor through set-up at sign-in, and refuses turning it off', async () => {
    const company = await (await superAdmin.get(`/api/companies/${ids.company}`)).json();
    const { _id, departments, employees, createdAt, ...fields } = company.data;
    expect((await superAdmin.request('PATCH', `/api/companies/${ids.company}`, { ...fields, requireTwoFactor: true })).status).toBe(200);
    expect((await (await superAdmin.get(`/api/companies/${ids.company}`)).json()).data.requireTwoFactor).toBe(true);
    try {
      const browser = new Client(server.url, 'en');
      const step = await passwordStep(browser);
      const ticket = step.twoFactorSetup.ticket as string;
      expect(ticket).toEqual(expect.any(String));
      const setup = await browser.post('/api/user/login/two-factor-setup', { ticket });
      expect(setup.status).toBe(200);
      secret = (await setup.json()).data.secret;
      expect((await browser.post('/api/user/login/two-factor-setup/confirm', { ticket, code: 'abc' })).status).toBe(422);
      expect((await browser.post('/api/user/login/two-factor-setup/confirm', { ticket, code: '000000' })).status).toBe(401);
      const done = await browser.post('/api/user/login/two-factor-setup/confirm', { ticket, code: await code() });
      expect(done.status).toBe(200);
      const body = await done.json();
      expect(body.recoveryCodes).toHaveLength(10);
      expect(body.accessToken).toEqual(expect.any(String));
      const off = await browser.post('/api/account/two-factor/disable', { password: PASSWORD });
      expect(off.status).toBe(409);
      expect((await off.json()).code).toBe('twoFactor.requiredByCompany');
    } finally {
      await superAdmin.request('PATCH', `/api/companies/${ids.company}`, { ...fields, requireTwoFactor: false });
    }
  });
});

describe('the sign-in limits', () => {
  it('count wrong codes like wrong passwords: after five, 429 with Retry-After', async () => {
    const browser = new Client(server.url, 'en');
    const step = await passwordStep(browser);
    const ticket = step.secondFactor.ticket;
    for (let i = 0; i < 5; i++) expect((await browser.post('/api/user/login/second-factor', { ticket, method: 'totp', code: '000000' })).status).toBe(401);
    const held = await browser.post('/api/user/login/second-factor', { ticket, method: 'totp', code: await code(1) });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
