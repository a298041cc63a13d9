import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { bumpSessionVersion } from '../../src/server/db/repositories/users.ts';
import { signInWithSecondFactor, confirmSetupAtSignIn, startSetupAtSignIn } from '../../src/server/services/sign-in/second-factor-sign-in.ts';
import { changePassword } from '../../src/server/services/sign-in/change-password.ts';
import { endUserSessions } from '../../src/server/services/sign-in/end-user-sessions.ts';
import { signIn } from '../../src/server/services/sign-in/sign-in.ts';
import { disableTotp } from '../../src/server/services/two-factor/disable-totp.ts';
import { enableTotp } from '../../src/server/services/two-factor/enable-totp.ts';
import { useRecoveryCode } from '../../src/server/services/two-factor/recovery-codes.ts';
import { renewRecoveryCodes } from '../../src/server/services/two-factor/renew-recovery-codes.ts';
import { resetSecondFactors } from '../../src/server/services/two-factor/reset-second-factors.ts';
import { startTotpSetup } from '../../src/server/services/two-factor/start-totp-setup.ts';
import { twoFactorState } from '../../src/server/services/two-factor/two-factor-state.ts';
import { verifyTotp } from '../../src/server/services/two-factor/verify-totp.ts';
import { openServiceDb, type ServiceDb, type TestActor } from '../helpers/service-db.ts';

/**
 * Two-step sign-in with TOTP (decision 090), in-process: set-up and confirmation, a code used once
 * (also two at once), recovery codes once each, turning off (password; refused while the company
 * requires it), new codes, the SuperAdmin reset, and the sign-in's second step and required set-up
 * (tickets: peeked while checking, taken on success, void after expiry or a new session version).
 */
let s: ServiceDb;
const PASSWORD = 'Segura#2026';
const PASSWORD_2 = 'Otra-Segura#2027';
const origin = { userAgent: 'vitest', address: '10.0.0.7' };
let n = 0;

async function account(accountType: 'Admin' | 'Employee' = 'Admin'): Promise<TestActor & { email: string }> {
  const email = `tf${++n}@service.test`;
  const actor = await s.addAccount({ email, accountType, ...(accountType === 'Admin' ? { roleId: s.roles.administrator } : { roleId: s.roles.employee }) });
  await s.db
    .updateTable('users')
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where('id', '=', actor.id)
    .execute();
  return { ...actor, email };
}

const codeNow = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

/** An account with TOTP on: its secret and recovery codes. */
async function withTotp(accountType: 'Admin' | 'Employee' = 'Admin') {
  const user = await account(accountType);
  const { secret } = await startTotpSetup(s.db, user);
  const codes = await enableTotp(s.db, user.id, await codeNow(secret));
  return { user, secret, codes };
}

/** Moves the last used step back, so the next test may use the current step again. */
const forgetLastStep = (userId: number) => s.db.updateTable('users').set({ totpLastStep: null }).where('id', '=', userId).execute();

beforeAll(async () => {
  s = await openServiceDb();
});
afterAll(async () => {
  await s.close();
});
// A fixed clock 15 s into a 30-second step: codes made "now" and checked "now" share the step.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-29T09:00:15.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('set-up', () => {
  it('seals a new secret with TOTP still off; the first right code turns it on and answers ten recovery codes', async () => {
    const user = await account();
    const setup = await startTotpSetup(s.db, user);
    expect(setup.otpauthUrl).toMatch(new RegExp(`^otpauth://totp/Jornada:${encodeURIComponent(user.email)}\\?secret=${setup.secret}&issuer=Jornada$`));
    expect(setup.qrSvg).toMatch(/^<svg/);
    const row = await s.db.selectFrom('users').select(['totpSecretSealed', 'totpEnabledAt']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.totpEnabledAt).toBeNull();
    expect(row.totpSecretSealed).not.toContain(setup.secret);
    // Not on yet: a code is not accepted as a sign-in factor.
    expect(await verifyTotp(s.db, user.id, await codeNow(setup.secret))).toBe(false);
    await expect(enableTotp(s.db, user.id, '000000')).rejects.toMatchObject({ status: 422, fields: { code: 'twoFactor.wrongCode' } });
    const codes = await enableTotp(s.db, user.id, await codeNow(setup.secret));
    expect(codes).toHaveLength(10);
    expect((await twoFactorState(s.db, user)).enabled).toBe(true);
    expect((await twoFactorState(s.db, user)).recoveryCodesLeft).toBe(10);
    await expect(startTotpSetup(s.db, user)).rejects.toMatchObject({ status: 409, code: 'twoFactor.alreadyOn' });
  });
});

describe('a code', () => {
  it('works once: the same step again is refused, also when two requests bring it at once', async () => {
    const { user, secret } = await withTotp();
    await forgetLastStep(user.id);
    const code = await codeNow(secret, 1);
    const both = await Promise.all([verifyTotp(s.db, user.id, code), verifyTotp(s.db, user.id, code)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await verifyTotp(s.db, user.id, code)).toBe(false);
    // An older step than the last used one is refused too.
    expect(await verifyTotp(s.db, user.id, await codeNow(secret))).toBe(false);
  });

  it('is accepted one step either side of the server clock, not two', async () => {
    const { user, secret } = await withTotp();
    await forgetLastStep(user.id);
    expect(await verifyTotp(s.db, user.id, await codeNow(secret, -2))).toBe(false);
    expect(await verifyTotp(s.db, user.id, await codeNow(secret, -1))).toBe(true);
    expect(await verifyTotp(s.db, user.id, await codeNow(secret, 2))).toBe(false);
  });

  it('recovery codes work once each', async () => {
    const { user, codes } = await withTotp();
    expect(await useRecoveryCode(s.db, user.id, codes[0]!.toUpperCase())).toBe(true);
    expect(await useRecoveryCode(s.db, user.id, codes[0]!)).toBe(false);
    expect((await twoFactorState(s.db, user)).recoveryCodesLeft).toBe(9);
  });
});

describe('turning off and new codes', () => {
  it('needs the password; removes the secret, the recovery codes and the trust of remembered browsers', async () => {
    const { user } = await withTotp();
    await s.db
      .insertInto('userDevices')
      .values({ userId: user.id, tokenHash: `h${user.id}`, userAgent: null, address: null, firstSeenAt: '2026-01-01T00:00:00.000Z', lastSeenAt: '2026-01-01T00:00:00.000Z', trustedUntil: '2099-01-01T00:00:00.000Z' })
      .execute();
    await expect(disableTotp(s.db, user, 'Wrong#2026')).rejects.toMatchObject({ status: 422, fields: { password: 'password.wrongCurrent' } });
    expect((await twoFactorState(s.db, user)).enabled).toBe(true);
    await disableTotp(s.db, user, PASSWORD);
    const row = await s.db.selectFrom('users').select(['totpSecretSealed', 'totpEnabledAt']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ totpSecretSealed: null, totpEnabledAt: null });
    expect((await twoFactorState(s.db, user)).recoveryCodesLeft).toBe(0);
    const device = await s.db.selectFrom('userDevices').select('trustedUntil').where('userId', '=', user.id).executeTakeFirstOrThrow();
    expect(device.trustedUntil).toBeNull();
    const audit = await s.db.selectFrom('auditLog').select('action').where('entity', '=', 'user').where('entityId', '=', String(user.id)).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['two-factor-enable', 'two-factor-disable']));
  });

  it('is refused while the company requires a second factor and no passkey remains', async () => {
    const { user } = await withTotp();
    await s.db.updateTable('companies').set({ requireTwoFactor: 1 }).where('id', '=', s.companyId).execute();
    try {
      await expect(disableTotp(s.db, user, PASSWORD)).rejects.toMatchObject({ status: 409, code: 'twoFactor.requiredByCompany' });
      expect((await twoFactorState(s.db, user)).requiredByCompany).toBe(true);
      await s.db
        .insertInto('passkeys')
        .values({
          userId: user.id,
          credentialId: `cred${user.id}`,
          publicKey: 'pk',
          counter: 0,
          transports: '[]',
          deviceType: 'singleDevice',
          backedUp: 0,
          name: 'Llave',
          createdAt: '2026-01-01T00:00:00.000Z',
          lastUsedAt: null,
        })
        .execute();
      await disableTotp(s.db, user, PASSWORD);
      // The passkey keeps the recovery codes: they are its way back in too.
      expect((await twoFactorState(s.db, user)).recoveryCodesLeft).toBe(10);
    } finally {
      await s.db.updateTable('companies').set({ requireTwoFactor: 0 }).where('id', '=', s.companyId).execute();
    }
  });

  it('new recovery codes need the password and replace the old ones', async () => {
    const { user, codes } = await withTotp();
    await expect(renewRecoveryCodes(s.db, user.id, 'Wrong#2026')).rejects.toMatchObject({ status: 422 });
    const fresh = await renewRecoveryCodes(s.db, user.id, PASSWORD);
    expect(fresh).toHaveLength(10);
    expect(await useRecoveryCode(s.db, user.id, codes[1]!)).toBe(false);
    expect(await useRecoveryCode(s.db, user.id, fresh[1]!)).toBe(true);
    const plain = await account();
    await expect(renewRecoveryCodes(s.db, plain.id, PASSWORD)).rejects.toMatchObject({ status: 409, code: 'twoFactor.notOn' });
  });
});

describe('the SuperAdmin reset', () => {
  it('only a SuperAdmin, not on their own account; removes every factor; audited', async () => {
    const { user } = await withTotp();
    await expect(resetSecondFactors(s.db, s.admin, user.id)).rejects.toMatchObject({ status: 403, code: 'twoFactor.resetSuperAdminOnly' });
    await expect(resetSecondFactors(s.db, s.superAdmin, s.superAdmin.id)).rejects.toMatchObject({ status: 409, code: 'twoFactor.resetOwn' });
    await expect(resetSecondFactors(s.db, s.superAdmin, 999_999)).rejects.toMatchObject({ status: 404 });
    await s.db
      .insertInto('passkeys')
      .values({
        userId: user.id,
        credentialId: `reset${user.id}`,
        publicKey: 'pk',
        counter: 0,
        transports: '[]',
        deviceType: 'singleDevice',
        backedUp: 0,
        name: 'Llave',
        createdAt: '2026-01-01T00:00:00.000Z',
        lastUsedAt: null,
      })
      .execute();
    expect((await twoFactorState(s.db, user)).passkeys).toBe(1);
    await resetSecondFactors(s.db, s.superAdmin, user.id);
    expect(await twoFactorState(s.db, user)).toMatchObject({ enabled: false, recoveryCodesLeft: 0, passkeys: 0 });
    const audit = await s.db.selectFrom('auditLog').select(['userId', 'action']).where('action', '=', 'two-factor-reset').where('entityId', '=', String(user.id)).executeTakeFirstOrThrow();
    expect(audit.userId).toBe(s.superAdmin.id);
  });
});

describe('the sign-in second step', () => {
  const passwordStep = async (email: string) => {
    const result = await signIn(s.db, { email, password: PASSWORD, ...origin, deviceToken: undefined });
    if (result.kind === 'session') throw new Error('expected a second step');
    return result;
  };

  it('asks for a code; a wrong code keeps the ticket, a right one signs in (password+totp) and uses the ticket up', async () => {
    const { user, secret } = await withTotp();
    await forgetLastStep(user.id);
    const step = await passwordStep(user.email);
    expect(step).toMatchObject({ kind: 'second-factor', methods: ['totp', 'recovery'] });
    const input = { ticket: step.ticket, method: 'totp' as const, rememberDevice: true, origin, deviceToken: undefined };
    await expect(signInWithSecondFactor(s.db, { ...input, code: '000000' })).rejects.toMatchObject({ status: 401, code: 'twoFactor.wrongCode' });
    const signedIn = await signInWithSecondFactor(s.db, { ...input, code: await codeNow(secret) });
    expect(signedIn.kind).toBe('session');
    const session = await s.db.selectFrom('sessions').select('method').where('userId', '=', user.id).executeTakeFirstOrThrow();
    expect(session.method).toBe('password+totp');
    await expect(signInWithSecondFactor(s.db, { ...input, code: await codeNow(secret, 1) })).rejects.toMatchObject({ status: 401, code: 'errors.signInExpired' });
    // Remembered: the next password sign-in from this browser needs no second step.
    const again = await signIn(s.db, { email: user.email, password: PASSWORD, ...origin, deviceToken: signedIn.deviceToken });
    expect(again.kind).toBe('session');
  });

  it('forgets remembered browsers when every session ends: a password change, an administrator ending the sessions', async () => {
    const { user, secret } = await withTotp();
    const rememberedBrowser = async () => {
      await forgetLastStep(user.id);
      const step = await passwordStep(user.email);
      const signedIn = await signInWithSecondFactor(s.db, { ticket: step.ticket, method: 'totp', code: await codeNow(secret), rememberDevice: true, origin, deviceToken: undefined });
      expect((await signIn(s.db, { email: user.email, password: PASSWORD, ...origin, deviceToken: signedIn.deviceToken })).kind).toBe('session');
      return signedIn.deviceToken;
    };
    const browser = await rememberedBrowser();
    await changePassword(s.db, user.id, { currentPassword: PASSWORD, newPassword: PASSWORD_2, confirmPassword: PASSWORD_2 }, origin);
    expect(await signIn(s.db, { email: user.email, password: PASSWORD_2, ...origin, deviceToken: browser })).toMatchObject({ kind: 'second-factor' });
    await changePassword(s.db, user.id, { currentPassword: PASSWORD_2, newPassword: PASSWORD, confirmPassword: PASSWORD }, origin);
    const again = await rememberedBrowser();
    await endUserSessions(s.db, s.superAdmin, user.id);
    expect(await signIn(s.db, { email: user.email, password: PASSWORD, ...origin, deviceToken: again })).toMatchObject({ kind: 'second-factor' });
  });

  it('takes a recovery code once (password+recovery)', async () => {
    const { user, codes } = await withTotp();
    const first = await passwordStep(user.email);
    await signInWithSecondFactor(s.db, { ticket: first.ticket, method: 'recovery', code: codes[2]!, rememberDevice: false, origin, deviceToken: undefined });
    const second = await passwordStep(user.email);
    await expect(signInWithSecondFactor(s.db, { ticket: second.ticket, method: 'recovery', code: codes[2]!, rememberDevice: false, origin, deviceToken: undefined })).rejects.toMatchObject({
      status: 401,
      code: 'twoFactor.wrongCode',
    });
  });

  it('wrong codes count in the sign-in limits: after five, 429 without checking', async () => {
    const { user, secret } = await withTotp();
    await forgetLastStep(user.id);
    const step = await passwordStep(user.email);
    const input = { ticket: step.ticket, method: 'totp' as const, rememberDevice: false, origin: { ...origin, address: '10.9.9.9' }, deviceToken: undefined };
    for (let i = 0; i < 5; i++) await expect(signInWithSecondFactor(s.db, { ...input, code: '000000' })).rejects.toMatchObject({ status: 401 });
    await expect(signInWithSecondFactor(s.db, { ...input, code: await codeNow(secret) })).rejects.toMatchObject({ status: 429 });
  });

  it('a ticket expires after ten minutes and dies with a new session version', async () => {
    const { user, secret } = await withTotp();
    await forgetLastStep(user.id);
    const step = await passwordStep(user.email);
    await bumpSessionVersion(s.db, user.id, new Date().toISOString());
    await expect(signInWithSecondFactor(s.db, { ticket: step.ticket, method: 'totp', code: await codeNow(secret), rememberDevice: false, origin, deviceToken: undefined })).rejects.toMatchObject({
      status: 401,
      code: 'errors.signInExpired',
    });
    const later = await passwordStep(user.email);
    vi.setSystemTime(Date.now() + 11 * 60_000);
    await expect(signInWithSecondFactor(s.db, { ticket: later.ticket, method: 'totp', code: await codeNow(secret), rememberDevice: false, origin, deviceToken: undefined })).rejects.toMatchObject({
      status: 401,
      code: 'errors.signInExpired',
    });
  });

  it('an administrator whose company requires it sets TOTP up at sign-in, then signs in with recovery codes answered', async () => {
    const user = await account();
    const employee = await account('Employee');
    await s.db.updateTable('companies').set({ requireTwoFactor: 1 }).where('id', '=', s.companyId).execute();
    try {
      expect((await signIn(s.db, { email: employee.email, password: PASSWORD, ...origin, deviceToken: undefined })).kind).toBe('session');
      const step = await passwordStep(user.email);
      expect(step.kind).toBe('setup');
      // A set-up ticket is not a second-factor ticket, and the other way round.
      await expect(signInWithSecondFactor(s.db, { ticket: step.ticket, method: 'totp', code: '123456', rememberDevice: false, origin, deviceToken: undefined })).rejects.toMatchObject({ status: 401 });
      const setup = await startSetupAtSignIn(s.db, step.ticket);
      expect(setup.otpauthUrl).toContain(encodeURIComponent(user.email));
      await expect(confirmSetupAtSignIn(s.db, { ticket: step.ticket, code: '000000', rememberDevice: false, origin, deviceToken: undefined })).rejects.toMatchObject({ status: 401, code: 'twoFactor.wrongCode' });
      const done = await confirmSetupAtSignIn(s.db, { ticket: step.ticket, code: await codeNow(setup.secret), rememberDevice: false, origin, deviceToken: undefined });
      expect(done.kind).toBe('session');
      expect(done.recoveryCodes).toHaveLength(10);
      expect((await s.db.selectFrom('users').select('totpEnabledAt').where('id', '=', user.id).executeTakeFirstOrThrow()).totpEnabledAt).not.toBeNull();
      await expect(startSetupAtSignIn(s.db, step.ticket)).rejects.toMatchObject({ status: 401 });
    } finally {
      await s.db.updateTable('companies').set({ requireTwoFactor: 0 }).where('id', '=', s.companyId).execute();
    }
  });
});
