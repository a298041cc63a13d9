import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '#server/auth/passwords.ts';
import { recognizeDevice } from '#server/services/sign-in/known-devices.ts';
import { accountOfTicket } from '#server/services/sign-in/second-step.ts';
import { signIn } from '#server/services/sign-in/sign-in.ts';
import { issueRecoveryCodes, useRecoveryCode } from '#server/services/two-factor/recovery-codes.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Issue 40 foundation (decision 090): what follows a right password. No factor → a session; a
 * factor → a second-step ticket (unless this browser was remembered); a company that requires a
 * factor → a set-up ticket for its administrators only. Tickets name the account and its session
 * version and are used once; recovery codes work once.
 */

let s: ServiceDb;
const PASSWORD = 'Segundo#2026';
const origin = { userAgent: 'vitest', address: '198.51.100.9' };

async function account(email: string, accountType: 'Admin' | 'Employee' | 'SuperAdmin') {
  const a = await s.addAccount({ email, accountType, roleId: accountType === 'Employee' ? s.roles.employee : s.roles.administrator });
  await s.db
    .updateTable('users')
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where('id', '=', a.id)
    .execute();
  return a;
}

const signInAs = (email: string, deviceToken?: string) => signIn(s.db, { email, password: PASSWORD, ...origin, deviceToken });

beforeAll(async () => {
  s = await openServiceDb();
});
afterAll(async () => {
  await s.close();
});

describe('after the password', () => {
  it('an account without a second factor gets a session; its browser is recorded once', async () => {
    await account('plain@service.test', 'Admin');
    const first = await signInAs('plain@service.test');
    expect(first.kind).toBe('session');
    if (first.kind !== 'session') return;
    const session = await s.db.selectFrom('sessions').selectAll().where('userId', '=', first.user.id).executeTakeFirstOrThrow();
    expect(session.method).toBe('password');
    expect(session.deviceId).not.toBeNull();
    const again = await signInAs('plain@service.test', first.deviceToken);
    expect(again.kind === 'session' && again.deviceToken).toBe(first.deviceToken);
    const devices = await s.db.selectFrom('userDevices').select('id').where('userId', '=', first.user.id).execute();
    expect(devices).toHaveLength(1);
  });

  it('an account with TOTP on gets a ticket naming its methods, not a session', async () => {
    const a = await account('totp@service.test', 'Employee');
    await s.db.updateTable('users').set({ totpEnabledAt: '2026-11-01T00:00:00.000Z' }).where('id', '=', a.id).execute();
    let result = await signInAs('totp@service.test');
    expect(result).toMatchObject({ kind: 'second-factor', methods: ['totp'] });
    await issueRecoveryCodes(s.db, a.id);
    result = await signInAs('totp@service.test');
    expect(result).toMatchObject({ kind: 'second-factor', methods: ['totp', 'recovery'] });
    expect(await s.db.selectFrom('sessions').select('id').where('userId', '=', a.id).execute()).toHaveLength(0);
  });

  it('a remembered browser skips the second step until its 30 days pass', async () => {
    const a = await account('remembered@service.test', 'Admin');
    await s.db.updateTable('users').set({ totpEnabledAt: '2026-11-01T00:00:00.000Z' }).where('id', '=', a.id).execute();
    const device = await recognizeDevice(s.db, a.id, undefined, origin, true);
    expect((await signInAs('remembered@service.test', device.token)).kind).toBe('session');
    await s.db.updateTable('userDevices').set({ trustedUntil: '2020-01-01T00:00:00.000Z' }).where('id', '=', device.id).execute();
    expect((await signInAs('remembered@service.test', device.token)).kind).toBe('second-factor');
    // Another account's remembered browser is not this account's.
    const other = await recognizeDevice(s.db, s.admin.id, undefined, origin, true);
    expect((await signInAs('remembered@service.test', other.token)).kind).toBe('second-factor');
  });

  it('a company that requires a second factor sends its administrators without one to set-up, not its employees', async () => {
    await account('required-admin@service.test', 'Admin');
    await account('required-worker@service.test', 'Employee');
    await s.db.updateTable('companies').set({ requireTwoFactor: 1 }).where('id', '=', s.companyId).execute();
    try {
      expect(await signInAs('required-admin@service.test')).toMatchObject({ kind: 'setup', methods: [] });
      expect((await signInAs('required-worker@service.test')).kind).toBe('session');
    } finally {
      await s.db.updateTable('companies').set({ requireTwoFactor: 0 }).where('id', '=', s.companyId).execute();
    }
  });
});

describe('the ticket', () => {
  it('names its account while it lives, is used once, and dies with a password change', async () => {
    const a = await account('ticket@service.test', 'Admin');
    await s.db.updateTable('users').set({ totpEnabledAt: '2026-11-01T00:00:00.000Z' }).where('id', '=', a.id).execute();
    const result = await signInAs('ticket@service.test');
    if (result.kind !== 'second-factor') throw new Error('expected a second step');
    expect((await accountOfTicket(s.db, result.ticket, 'second-factor')).id).toBe(a.id);
    await expect(accountOfTicket(s.db, result.ticket, 'setup')).rejects.toMatchObject({ code: 'errors.signInExpired', status: 401 });
    await expect(accountOfTicket(s.db, 'not-a-ticket', 'second-factor')).rejects.toMatchObject({ status: 401 });
    expect((await accountOfTicket(s.db, result.ticket, 'second-factor', true)).id).toBe(a.id);
    await expect(accountOfTicket(s.db, result.ticket, 'second-factor', true)).rejects.toMatchObject({ status: 401 });

    const next = await signInAs('ticket@service.test');
    if (next.kind !== 'second-factor') throw new Error('expected a second step');
    await s.db.updateTable('users').set({ sessionVersion: 99 }).where('id', '=', a.id).execute();
    await expect(accountOfTicket(s.db, next.ticket, 'second-factor')).rejects.toMatchObject({ status: 401 });
  });
});

describe('recovery codes', () => {
  it('ten, each works once, typed in any case with or without the dash; issuing again voids the old ones', async () => {
    const a = await account('codes@service.test', 'Admin');
    const codes = await issueRecoveryCodes(s.db, a.id);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await useRecoveryCode(s.db, a.id, codes[0]!.toUpperCase().replace('-', ' '))).toBe(true);
    expect(await useRecoveryCode(s.db, a.id, codes[0]!)).toBe(false);
    expect(await useRecoveryCode(s.db, s.admin.id, codes[1]!)).toBe(false);
    const stored = await s.db.selectFrom('recoveryCodes').select('codeHash').where('userId', '=', a.id).execute();
    expect(stored.map((r) => r.codeHash).join()).not.toContain(codes[1]!.replace('-', ''));
    await issueRecoveryCodes(s.db, a.id);
    expect(await useRecoveryCode(s.db, a.id, codes[1]!)).toBe(false);
  });
});
