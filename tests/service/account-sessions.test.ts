import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/server/db/connection.ts';
import { markRestored, openDatabaseFile } from '../../src/server/db/database-file.ts';
import { purgePersonalData } from '../../src/server/db/repositories/personal-data-purge.ts';
import { findUserWithRole } from '../../src/server/db/repositories/users.ts';
import { saveMailSettings } from '../../src/server/mail/mail-settings.ts';
import { AppError } from '../../src/server/http/app-error.ts';
import { saveAccountNotifications } from '../../src/server/services/notifications/save-account-notifications.ts';
import { endAccountSession, listAccountSessions } from '../../src/server/services/sessions/account-sessions.ts';
import { issueRecoveryCodes } from '../../src/server/services/two-factor/recovery-codes.ts';
import { createChallenge } from '../../src/server/services/sign-in/auth-challenge.ts';
import { completeSignIn } from '../../src/server/services/sign-in/complete-sign-in.ts';
import { noteSessionSeen } from '../../src/server/services/sign-in/session-last-seen.ts';
import { sessionPublicId } from '../../src/server/services/sign-in/session-public-id.ts';
import { loadSession } from '../../src/server/services/sign-in/session-user.ts';
import { unsealSession } from '../../src/server/auth/session-token.ts';
import { openServiceDb, type ServiceDb, type TestActor } from '../helpers/service-db.ts';

/**
 * Your sessions and the new-device email (issue 40.4, decision 093): the last-seen throttle on the
 * request path, the own-sessions list and ending one, who is emailed about a new browser, and what
 * a purge and a restore remove.
 */
let s: ServiceDb;
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const T0 = Date.parse('2026-11-29T10:00:00.000Z');

async function signIn(userId: number, userAgent: string, deviceToken?: string) {
  const row = (await findUserWithRole(s.db, { id: userId }))!;
  const signed = await completeSignIn(s.db, row, { origin: { userAgent, address: '203.0.113.7' }, method: 'password', deviceToken });
  const sid = (await unsealSession(signed.token))!.sid;
  return { ...signed, sid };
}
const lastSeen = async (sid: string) => (await s.db.selectFrom('sessions').select('lastSeenAt').where('id', '=', sid).executeTakeFirstOrThrow()).lastSeenAt;
const newDeviceMails = (to: string) => s.db.selectFrom('outbox').select(['recipient', 'dedupeKey', 'payload', 'language']).where('kind', '=', 'newDeviceSignIn').where('recipient', '=', to).execute();

beforeAll(async () => {
  s = await openServiceDb();
  await saveMailSettings(s.db, { host: '127.0.0.1', port: 2525, security: 'none', user: '', password: '', from: 'jornada@service.test', appUrl: 'http://jornada.test' }, s.superAdmin.id);
});
afterAll(async () => {
  vi.useRealTimers();
  await s.close();
});
afterEach(() => vi.useRealTimers());

describe('last seen', () => {
  it('is written by the request path at most once a minute, by a conditional update', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const { token, sid } = await signIn(s.admin.id, LAPTOP);
    expect(await lastSeen(sid)).toBe('2026-11-29T10:00:00.000Z');
    vi.setSystemTime(T0 + 30_000);
    expect(await loadSession(s.db, token)).toBeDefined();
    expect(await lastSeen(sid)).toBe('2026-11-29T10:00:00.000Z');
    vi.setSystemTime(T0 + 61_000);
    await loadSession(s.db, token);
    expect(await lastSeen(sid)).toBe('2026-11-29T10:01:01.000Z');
    vi.setSystemTime(T0 + 100_000);
    await loadSession(s.db, token);
    expect(await lastSeen(sid)).toBe('2026-11-29T10:01:01.000Z');
    // Two requests that both read the old time: the second one's update finds it fresh and writes nothing.
    vi.setSystemTime(T0 + 125_000);
    await noteSessionSeen(s.db, sid, '2026-11-29T10:01:01.000Z');
    vi.setSystemTime(T0 + 130_000);
    await noteSessionSeen(s.db, sid, '2026-11-29T10:01:01.000Z');
    expect(await lastSeen(sid)).toBe('2026-11-29T10:02:05.000Z');
  });

  it('never fails the request when it cannot be written', async () => {
    const broken = {
      updateTable() {
        throw new Error('disk I/O error');
      },
    } as unknown as Db;
    await expect(noteSessionSeen(broken, 'x', null)).resolves.toBeUndefined();
  });
});

describe('the account sessions', () => {
  let owner: TestActor;
  let other: TestActor;
  beforeAll(async () => {
    owner = await s.addAccount({ email: 'sesiones@service.test', accountType: 'Admin', roleId: s.roles.administrator });
    other = await s.addAccount({ email: 'otra@service.test', accountType: 'Admin', roleId: s.roles.administrator });
  });

  it('lists only the account’s own live sessions, by public id, with device, method and the current one', async () => {
    const laptop = await signIn(owner.id, LAPTOP);
    const phone = await signIn(owner.id, PHONE);
    const theirs = await signIn(other.id, LAPTOP);
    const list = await listAccountSessions(s.db, owner.id, laptop.sid);
    expect(list.map((x) => x.id).sort()).toEqual([sessionPublicId(laptop.sid), sessionPublicId(phone.sid)].sort());
    expect(JSON.stringify(list)).not.toContain(laptop.sid);
    expect(JSON.stringify(list)).not.toContain(theirs.sid);
    const current = list[0]!;
    expect(list.map((x) => x.current)).toEqual([true, false]);
    expect(current).toMatchObject({ id: sessionPublicId(laptop.sid), device: 'Chrome 131 · Windows', address: '203.0.113.7', method: 'password' });
    expect(list.find((x) => !x.current)!.device).toBe('Chrome 131 · Android');
    // A session under an older session version (password changed) is no longer live.
    await s.db.updateTable('sessions').set({ sessionVersion: -1 }).where('id', '=', phone.sid).execute();
    expect((await listAccountSessions(s.db, owner.id, laptop.sid)).map((x) => x.id)).toEqual([sessionPublicId(laptop.sid)]);
  });

  it('ends one of its own by public id, audited; another account’s or an unknown one is a 404', async () => {
    const here = await signIn(owner.id, LAPTOP);
    const there = await signIn(owner.id, PHONE);
    const theirs = await signIn(other.id, LAPTOP);
    const refused = await endAccountSession(s.db, owner.id, sessionPublicId(theirs.sid), here.sid).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(404);
    expect(await loadSession(s.db, theirs.token)).toBeDefined();
    await expect(endAccountSession(s.db, owner.id, 'A'.repeat(22), here.sid)).rejects.toMatchObject({ status: 404 });

    expect(await endAccountSession(s.db, owner.id, sessionPublicId(there.sid), here.sid)).toEqual({ current: false });
    expect(await loadSession(s.db, there.token)).toBeUndefined();
    expect(await loadSession(s.db, here.token)).toBeDefined();
    await expect(endAccountSession(s.db, owner.id, sessionPublicId(there.sid), here.sid)).rejects.toMatchObject({ status: 404 });
    const audit = await s.db.selectFrom('auditLog').select(['userId', 'after']).where('action', '=', 'end-session').where('userId', '=', owner.id).execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ session: sessionPublicId(there.sid), current: false });

    // The current one may be ended: a sign-out.
    expect(await endAccountSession(s.db, owner.id, sessionPublicId(here.sid), here.sid)).toEqual({ current: true });
    expect(await loadSession(s.db, here.token)).toBeUndefined();
  });
});

describe('the new-device email', () => {
  it('is not sent for the account’s first browser, is sent once for another one, not for a known one', async () => {
    const user = await s.addAccount({ email: 'nuevo@service.test', accountType: 'Admin', roleId: s.roles.administrator });
    const first = await signIn(user.id, LAPTOP);
    expect(await newDeviceMails('nuevo@service.test')).toEqual([]);
    // The same browser again (its cookie): nothing.
    await signIn(user.id, LAPTOP, first.deviceToken);
    expect(await newDeviceMails('nuevo@service.test')).toEqual([]);
    // Another browser: one email, in the account's language, with device, address, method and the way to act.
    const phone = await signIn(user.id, PHONE);
    const mails = await newDeviceMails('nuevo@service.test');
    expect(mails).toHaveLength(1);
    const text = JSON.stringify(mails[0]!.payload);
    for (const part of ['Chrome 131 · Android', '203.0.113.7', 'Contraseña', 'cambia tu contraseña', 'http://jornada.test/account-setting']) expect(text).toContain(part);
    expect(mails[0]!.language).toBe('es');
    // That browser is known now.
    await signIn(user.id, PHONE, phone.deviceToken);
    expect(await newDeviceMails('nuevo@service.test')).toHaveLength(1);
  });

  it('is not sent to an account that muted it; an Employee account’s links to its personal settings', async () => {
    const muted = await s.addAccount({ email: 'silencio@service.test', accountType: 'Admin', roleId: s.roles.administrator });
    await saveAccountNotifications(s.db, { id: muted.id, email: 'silencio@service.test', accountType: 'Admin' }, { language: 'en', muted: ['newDeviceSignIn'] });
    await signIn(muted.id, LAPTOP);
    await signIn(muted.id, PHONE);
    expect(await newDeviceMails('silencio@service.test')).toEqual([]);

    const worker = await s.addAccount({ email: 'trabajadora@service.test', accountType: 'Employee', roleId: s.roles.employee, employeeId: await s.addEmployee({ firstName: 'Eva', pin: '5550123' }) });
    await saveAccountNotifications(s.db, { id: worker.id, email: 'trabajadora@service.test', accountType: 'Employee' }, { language: 'en', muted: [] });
    await signIn(worker.id, LAPTOP);
    await signIn(worker.id, PHONE);
    const [mail] = await newDeviceMails('trabajadora@service.test');
    expect(mail!.language).toBe('en');
    const text = JSON.stringify(mail!.payload);
    expect(text).toContain('http://jornada.test/personal/account-setting');
    expect(text).toContain('change your password');
  });
});

describe('purge and restore', () => {
  it('a retention purge removes the person’s second factors, passkeys, SSO links, devices, sessions and ceremonies', async () => {
    const employeeId = await s.addEmployee({ firstName: 'Purga', pin: '7771234' });
    const account = await s.addAccount({ email: 'purga@service.test', accountType: 'Employee', roleId: s.roles.employee, employeeId });
    const keeper = await signIn(s.admin.id, LAPTOP);
    await signIn(account.id, LAPTOP);
    await issueRecoveryCodes(s.db, account.id);
    const at = new Date().toISOString();
    await s.db.updateTable('users').set({ totpSecretSealed: 'sealed', totpEnabledAt: at, totpLastStep: 5 }).where('id', '=', account.id).execute();
    await s.db.insertInto('passkeys').values({ userId: account.id, credentialId: 'cred-purga', publicKey: 'key', transports: null, deviceType: 'singleDevice', name: 'Llave', createdAt: at, lastUsedAt: null }).execute();
    await s.db.insertInto('userIdentities').values({ userId: account.id, issuer: 'https://idp.test', subject: 'purga', email: 'purga@service.test', createdAt: at, lastUsedAt: null }).execute();
    await createChallenge(s.db, 'second-factor', account.id, {}, 600_000);
    const adminChallenge = await createChallenge(s.db, 'second-factor', s.admin.id, {}, 600_000);

    await s.db.transaction().execute((trx) => purgePersonalData(trx, employeeId, { firstName: 'Persona', lastName: 'Borrada' }, at));

    const left = async (table: 'recoveryCodes' | 'passkeys' | 'userIdentities' | 'userDevices' | 'sessions' | 'authChallenges', userId: number) =>
      Number(
        (
          await s.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('userId', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const table of ['recoveryCodes', 'passkeys', 'userIdentities', 'userDevices', 'sessions', 'authChallenges'] as const) expect(await left(table, account.id), table).toBe(0);
    expect(await s.db.selectFrom('users').select(['totpSecretSealed', 'totpEnabledAt', 'totpLastStep']).where('id', '=', account.id).executeTakeFirstOrThrow()).toEqual({
      totpSecretSealed: null,
      totpEnabledAt: null,
      totpLastStep: null,
    });
    // Nobody else's.
    expect(await loadSession(s.db, keeper.token)).toBeDefined();
    expect(await left('userDevices', s.admin.id)).toBeGreaterThan(0);
    expect(adminChallenge).toBeTruthy();
    expect(await left('authChallenges', s.admin.id)).toBe(1);
  });

  it('a restored copy has no sessions and no sign-in ceremony under way', async () => {
    await signIn(s.admin.id, LAPTOP);
    await createChallenge(s.db, 'passkey-sign-in', null, {}, 600_000);
    const file = openDatabaseFile(path.join(s.dataDir, 'jornada.db'));
    try {
      markRestored(file, new Date().toISOString(), 'backup.db', 'backup.db');
    } finally {
      file.close();
    }
    expect(await s.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    expect(await s.db.selectFrom('authChallenges').selectAll().execute()).toEqual([]);
  });
});
