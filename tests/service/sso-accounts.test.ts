import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/passwords.ts';
import { passwordSignInClosed, readSsoSettings, saveSsoSettings, ssoSettingsView } from '../../src/server/services/sso/sso-settings.ts';
import { CEREMONY_STARTS_PER_MINUTE } from '../../src/server/auth/ceremony-start-limit.ts';
import { matchSsoAccount } from '../../src/server/services/sso/match-account.ts';
import { startOidcSignIn } from '../../src/server/services/sso/oidc-flow.ts';
import { SsoError } from '../../src/server/services/sso/sso-error.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/** Who an SSO sign-in opens and the provider's settings (decision 092), in-process. */
let s: ServiceDb;
const ISSUER = 'https://sso.example.com/realms/staff';
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => 'signed in',
    (e: unknown) => (e instanceof SsoError ? e.failure : String(e)),
  );

beforeAll(async () => {
  s = await openServiceDb();
});
afterAll(async () => {
  await s.close();
});

describe('starting single sign-ons from one address', () => {
  it(`counts every start (SSO still off: this runs before the settings are saved): after ${CEREMONY_STARTS_PER_MINUTE} in a minute the next is "busy", before the settings are even read; another address is not held`, async () => {
    const start = (address: string) => failureOf(startOidcSignIn(s.db, { redirectUrl: null, requestOrigin: 'http://localhost', address }));
    for (let i = 0; i < CEREMONY_STARTS_PER_MINUTE; i++) expect(await start('10.9.9.9')).toBe('off');
    expect(await start('10.9.9.9')).toBe('busy');
    expect(await start('10.9.9.10')).toBe('off');
  });
});

describe('matching an SSO sign-in to an account', () => {
  it('links an existing account by its verified email, audited, then finds it by subject even when the email changes', async () => {
    const row = await matchSsoAccount(s.db, { issuer: ISSUER, subject: 'sub-admin', email: 'Admin@Service.test' }, { createAccounts: false });
    expect(row.id).toBe(s.admin.id);
    const link = await s.db.selectFrom('userIdentities').selectAll().where('subject', '=', 'sub-admin').executeTakeFirstOrThrow();
    expect(link).toMatchObject({ userId: s.admin.id, issuer: ISSUER, email: 'admin@service.test' });
    const audit = await s.db.selectFrom('auditLog').selectAll().where('action', '=', 'sso-link').execute();
    expect(audit).toHaveLength(1);
    const again = await matchSsoAccount(s.db, { issuer: ISSUER, subject: 'sub-admin', email: 'renamed@service.test' }, { createAccounts: false });
    expect(again.id).toBe(s.admin.id);
  });

  it('does not take a subject of another issuer for the linked one', async () => {
    expect(await failureOf(matchSsoAccount(s.db, { issuer: 'https://other.example.com', subject: 'sub-admin', email: 'nobody@service.test' }, { createAccounts: false }))).toBe('unknown');
  });

  it('refuses an unknown email while account creation is off, and creates nothing', async () => {
    const id = await s.addEmployee({ firstName: 'Nuria', pin: '4815162' });
    await s.db.updateTable('employees').set({ email: 'Nuria@Service.test' }).where('id', '=', id).execute();
    const users = await s.db.selectFrom('users').select('id').execute();
    expect(await failureOf(matchSsoAccount(s.db, { issuer: ISSUER, subject: 'sub-nuria', email: 'nuria@service.test' }, { createAccounts: false }))).toBe('unknown');
    expect(await s.db.selectFrom('users').select('id').execute()).toEqual(users);
  });

  it('creates an Employee account linked to the one active employee with that email, with a password nobody knows', async () => {
    const row = await matchSsoAccount(s.db, { issuer: ISSUER, subject: 'sub-nuria', email: 'nuria@service.test' }, { createAccounts: true });
    expect(row).toMatchObject({ accountType: 'Employee', email: 'nuria@service.test', roleId: s.roles.employee, status: 'enabled' });
    const employee = await s.db.selectFrom('employees').select(['id', 'companyId']).where('email', '=', 'Nuria@Service.test').executeTakeFirstOrThrow();
    expect(row.employeeId).toBe(employee.id);
    expect(row.companyId).toBe(employee.companyId);
    expect(await verifyPassword(row.passwordHash, '')).toBe(false);
    expect(await s.db.selectFrom('auditLog').select('after').where('action', '=', 'sso-create').execute()).toHaveLength(1);
    // Next time the link answers.
    expect((await matchSsoAccount(s.db, { issuer: ISSUER, subject: 'sub-nuria', email: 'nuria@service.test' }, { createAccounts: true })).id).toBe(row.id);
  });

  it('refuses creation when several or no active employees have the email', async () => {
    for (const name of ['Pau', 'Pau2']) {
      const id = await s.addEmployee({ firstName: name, pin: name === 'Pau' ? '9081726' : '9081727' });
      await s.db.updateTable('employees').set({ email: 'pau@service.test' }).where('id', '=', id).execute();
    }
    expect(await failureOf(matchSsoAccount(s.db, { issuer: ISSUER, subject: 'sub-pau', email: 'pau@service.test' }, { createAccounts: true }))).toBe('unknown');
    const gone = await s.addEmployee({ firstName: 'Olga', pin: '5550123' });
    await s.db.updateTable('employees').set({ email: 'olga@service.test', status: 'archived' }).where('id', '=', gone).execute();
    expect(await failureOf(matchSsoAccount(s.db, { issuer: ISSUER, subject: 'sub-olga', email: 'olga@service.test' }, { createAccounts: true }))).toBe('unknown');
    expect(await s.db.selectFrom('users').select('id').where('email', 'in', ['pau@service.test', 'olga@service.test']).execute()).toEqual([]);
  });

  it('refuses a disabled account, by email and by link', async () => {
    const worker = await s.addAccount({ email: 'off@service.test', accountType: 'Employee', roleId: s.roles.employee });
    await s.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', worker.id).execute();
    expect(await failureOf(matchSsoAccount(s.db, { issuer: ISSUER, subject: 'sub-off', email: 'off@service.test' }, { createAccounts: true }))).toBe('disabled');
    await s.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', s.admin.id).execute();
    expect(await failureOf(matchSsoAccount(s.db, { issuer: ISSUER, subject: 'sub-admin', email: 'admin@service.test' }, { createAccounts: false }))).toBe('disabled');
    await s.db.updateTable('users').set({ status: 'enabled' }).where('id', '=', s.admin.id).execute();
  });
});

describe('SSO settings', () => {
  const valid = { enabled: true, displayName: 'Keycloak', issuer: ISSUER, clientId: 'jornada', clientSecret: 'Cl1ent-secret', createAccounts: false, passwordOnlySuperAdmin: true };

  it('are the SuperAdmin’s alone', async () => {
    await expect(ssoSettingsView(s.db, s.admin)).rejects.toMatchObject({ status: 403, code: 'sso.superAdminOnly' });
    await expect(saveSsoSettings(s.db, valid, s.admin)).rejects.toMatchObject({ status: 403 });
    expect((await readSsoSettings(s.db)).enabled).toBe(false);
  });

  it('keep the secret sealed, never shown nor audited; absent keeps it, empty clears it', async () => {
    const view = await saveSsoSettings(s.db, valid, s.superAdmin);
    expect(view).toMatchObject({ enabled: true, secretSet: true });
    expect(JSON.stringify(view)).not.toContain('Cl1ent');
    const stored = await s.db.selectFrom('settings').select('value').where('key', '=', 'sso').executeTakeFirstOrThrow();
    expect(stored.value).not.toContain('Cl1ent');
    expect(JSON.stringify(await s.db.selectFrom('auditLog').select(['before', 'after']).where('entityId', '=', 'sso').execute())).not.toContain('Cl1ent');
    expect((await readSsoSettings(s.db)).clientSecret).toBe('Cl1ent-secret');
    const { clientSecret: _drop, ...withoutSecret } = valid;
    await saveSsoSettings(s.db, { ...withoutSecret, displayName: 'Microsoft' }, s.superAdmin);
    expect(await readSsoSettings(s.db)).toMatchObject({ displayName: 'Microsoft', clientSecret: 'Cl1ent-secret' });
    expect((await saveSsoSettings(s.db, { ...valid, clientSecret: '' }, s.superAdmin)).secretSet).toBe(false);
  });

  it('refuse bad input and change nothing', async () => {
    const before = await s.db.selectFrom('settings').select('value').where('key', '=', 'sso').executeTakeFirstOrThrow();
    await expect(saveSsoSettings(s.db, { ...valid, issuer: 'http://sso.example.com' }, s.superAdmin)).rejects.toMatchObject({ status: 422, fields: { issuer: 'sso.issuerNotHttps' } });
    await expect(saveSsoSettings(s.db, { ...valid, clientId: '' }, s.superAdmin)).rejects.toMatchObject({ status: 422, fields: { clientId: 'validation.required' } });
    await expect(saveSsoSettings(s.db, { ...valid, enabled: 'yes' }, s.superAdmin)).rejects.toMatchObject({ status: 422 });
    expect(await s.db.selectFrom('settings').select('value').where('key', '=', 'sso').executeTakeFirstOrThrow()).toEqual(before);
  });

  it('close password sign-in to everyone but the SuperAdmin only while SSO is on', async () => {
    await saveSsoSettings(s.db, valid, s.superAdmin);
    expect(await passwordSignInClosed(s.db, 'SuperAdmin')).toBe(false);
    expect(await passwordSignInClosed(s.db, 'Admin')).toBe(true);
    expect(await passwordSignInClosed(s.db, 'Employee')).toBe(true);
    await saveSsoSettings(s.db, { ...valid, enabled: false }, s.superAdmin);
    expect(await passwordSignInClosed(s.db, 'Admin')).toBe(false);
    await saveSsoSettings(s.db, { ...valid, passwordOnlySuperAdmin: false }, s.superAdmin);
    expect(await passwordSignInClosed(s.db, 'Admin')).toBe(false);
  });
});
