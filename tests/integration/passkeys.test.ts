import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../helpers/accounts.ts';
import { Client } from '../helpers/http-client.ts';
import { SoftAuthenticator } from '../helpers/soft-authenticator.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Passkeys over HTTP (decision 091): real WebAuthn ceremonies against the built server, answered
 * by a software authenticator (tests/helpers/soft-authenticator.ts). The relying party is the
 * request's host (127.0.0.1 here) and origin. The rules themselves are in
 * tests/service/passkeys.test.ts; here the contract, who may reach what, and bad input.
 */
const PASSWORD = 'Demo#2026';
let server: TestServer;
let admin: Client;
let employee: Client;
let outsider: Client;
let key: SoftAuthenticator;
let passkeyId: number;

async function addWith(client: Client, authenticator: SoftAuthenticator, name = 'Portátil') {
  const res = await client.post('/api/account/passkeys/options');
  expect(res.status).toBe(200);
  const { options } = await res.json();
  return client.post('/api/account/passkeys', { name, response: authenticator.register(options) });
}

async function passkeySignIn(client: Client, authenticator: SoftAuthenticator, overrides: Parameters<SoftAuthenticator['assert']>[1] = {}) {
  const res = await client.post('/api/user/login/passkey/options', {});
  expect(res.status).toBe(200);
  const { challenge, options } = await res.json();
  const body = { challenge, response: authenticator.assert(options, overrides) };
  return { res: await client.post('/api/user/login/passkey', body), body };
}

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
  key = new SoftAuthenticator({ origin: server.url });
  admin = new Client(server.url, 'en');
  expect((await admin.signIn('admin@demo.jornada', PASSWORD)).status).toBe(200);
  employee = new Client(server.url, 'es');
  expect((await employee.signIn('employee@demo.jornada', PASSWORD)).status).toBe(200);
  // An administrator of another company.
  const company = sqlIn<{ id: number }>(server.dataDir, "insert into companies (name, created_at, updated_at) values ('Otra Empresa', ?, ?) returning id", new Date().toISOString(), new Date().toISOString())[0]!.id;
  const otherId = await addAccount(server.dataDir, { email: 'otra@example.com', password: 'Otra#20266x', accountType: 'Admin' });
  sqlIn(server.dataDir, 'update users set company_id = ? where id = ?', company, otherId);
  outsider = new Client(server.url, 'en');
  expect((await outsider.signIn('otra@example.com', 'Otra#20266x')).status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
});

describe('account settings › passkeys', () => {
  it('adds a passkey: registration options for this host, 201 with ten recovery codes for the first factor, listed', async () => {
    const options = (await (await admin.post('/api/account/passkeys/options')).json()).options;
    expect(options.rp).toEqual({ name: 'Jornada', id: '127.0.0.1' });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'preferred' });
    const res = await addWith(admin, key);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.recoveryCodes).toHaveLength(10);
    expect(body.message).toBe('Passkey added.');
    passkeyId = body.data._id;
    const list = await (await admin.get('/api/account/passkeys')).json();
    expect(list.data).toEqual([expect.objectContaining({ _id: passkeyId, name: 'Portátil', lastUsedAt: null, backedUp: false, deviceType: 'singleDevice' })]);
  });

  it('refuses the same credential again (409) and an answer for another origin (400), translated', async () => {
    const again = await addWith(admin, key);
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('passkeys.duplicate');
    const options = (await (await employee.post('/api/account/passkeys/options')).json()).options;
    const wrong = await employee.post('/api/account/passkeys', { name: 'x', response: new SoftAuthenticator({ origin: server.url }).register(options, { origin: 'https://evil.example' }) });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'passkeys.notVerified', message: 'No se ha podido comprobar la nueva llave de acceso. Vuelve a intentarlo.' });
  });

  it('another account’s passkey is not found (404), whatever its company; each list is its own', async () => {
    for (const client of [employee, outsider]) {
      expect((await client.request('PATCH', `/api/account/passkeys/${passkeyId}`, { name: 'Mía' })).status).toBe(404);
      expect((await client.post(`/api/account/passkeys/${passkeyId}/remove`, { password: PASSWORD })).status).toBe(404);
      expect((await (await client.get('/api/account/passkeys')).json()).data).toEqual([]);
    }
  });

  it('bad input is a translated 422 that changes nothing', async () => {
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(81) }, { name: 7 }]) {
      const res = await admin.request('PATCH', `/api/account/passkeys/${passkeyId}`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    for (const body of [{}, { name: 'x' }, { name: 'x', response: 'x' }, { name: 'x', response: { id: 'a', rawId: 'a', type: 'public-key' } }]) {
      expect((await admin.post('/api/account/passkeys', body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await admin.post(`/api/account/passkeys/${passkeyId}/remove`, {})).status).toBe(422);
    expect((await admin.post('/api/user/login/passkey/options', { ticket: 5 })).status).toBe(422);
    expect((await admin.post('/api/user/login/passkey', { challenge: 'x' })).status).toBe(422);
    expect((await (await admin.get('/api/account/passkeys')).json()).data[0].name).toBe('Portátil');
  });

  it('an API token reaches none of it (403)', async () => {
    const made = await admin.post('/api/api-tokens', { name: 'Script', expiresOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10), permissions: { employee: ['read'] } });
    expect(made.status).toBe(201);
    const script = new Client(server.url, 'en');
    script.extraHeaders = { authorization: `Bearer ${(await made.json()).data.token}` };
    expect((await script.get('/api/account/passkeys')).status).toBe(403);
    expect((await script.post('/api/account/passkeys/options')).status).toBe(403);
    expect((await script.request('PATCH', `/api/account/passkeys/${passkeyId}`, { name: 'x' })).status).toBe(403);
    expect((await script.post(`/api/account/passkeys/${passkeyId}/remove`, { password: PASSWORD })).status).toBe(403);
  });

  it('renames its own', async () => {
    const res = await admin.request('PATCH', `/api/account/passkeys/${passkeyId}`, { name: 'Trabajo' });
    expect(res.status).toBe(200);
    expect((await (await admin.get('/api/account/passkeys')).json()).data[0].name).toBe('Trabajo');
  });
});

describe('signing in with a passkey', () => {
  it('passwordless: the session cookie and {accessToken, user}; the passkey’s last use is kept', async () => {
    const browser = new Client(server.url, 'en');
    const { res } = await passkeySignIn(browser, key);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.accessToken).toBeTruthy();
    expect(body.user.email).toBe('admin@demo.jornada');
    expect((await browser.get('/api/me')).status).toBe(200);
    expect((await (await admin.get('/api/account/passkeys')).json()).data[0].lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed challenge, a wrong origin and a counter gone backwards: 401 passkeys.failed', async () => {
    const browser = new Client(server.url, 'es');
    const { res, body } = await passkeySignIn(browser, key);
    expect(res.status).toBe(200);
    const replay = await new Client(server.url, 'es').post('/api/user/login/passkey', body);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ code: 'passkeys.failed', message: 'No se ha podido comprobar la llave de acceso. Inténtalo de nuevo o inicia sesión con tu contraseña.' });
    const wrongOrigin = await passkeySignIn(new Client(server.url, 'en'), key, { origin: 'https://evil.example' });
    expect(wrongOrigin.res.status).toBe(401);
    const counter = key.counter;
    const rolledBack = await passkeySignIn(new Client(server.url, 'en'), key, { counter: 1 });
    expect(rolledBack.res.status).toBe(401);
    expect((await rolledBack.res.json()).code).toBe('passkeys.failed');
    key.counter = counter;
    expect((await passkeySignIn(new Client(server.url, 'en'), key)).res.status).toBe(200);
  });

  it('removing asks the current password; then the passkey signs nobody in', async () => {
    expect((await admin.post(`/api/account/passkeys/${passkeyId}/remove`, { password: 'Incorrecta#1' })).status).toBe(422);
    const res = await admin.post(`/api/account/passkeys/${passkeyId}/remove`, { password: PASSWORD });
    expect(res.status).toBe(200);
    expect((await (await admin.get('/api/account/passkeys')).json()).data).toEqual([]);
    expect((await passkeySignIn(new Client(server.url, 'en'), key)).res.status).toBe(401);
  });
});
