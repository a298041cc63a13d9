import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddPasskeyInput, PasskeySignInInput } from '../../src/domain/auth/passkey-schemas.ts';
import type { RelyingParty } from '../../src/domain/auth/relying-party.ts';
import { CEREMONY_STARTS_PER_MINUTE } from '../../src/server/auth/ceremony-start-limit.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { accountPasskeys, addPasskey, passkeyRegistrationOptions, renameAccountPasskey } from '../../src/server/services/passkeys/account-passkeys.ts';
import { passkeySignInOptions, signInWithPasskey } from '../../src/server/services/passkeys/passkey-sign-in.ts';
import { removeAccountPasskey } from '../../src/server/services/passkeys/remove-passkey.ts';
import { signIn } from '../../src/server/services/sign-in/sign-in.ts';
import { factorsOf } from '../../src/server/services/sign-in/two-factor-policy.ts';
import { openServiceDb, type ServiceDb, type TestActor } from '../helpers/service-db.ts';
import { SoftAuthenticator } from '../helpers/soft-authenticator.ts';

/** Passkeys (decision 091): registration, passwordless and second-factor sign-in, removal, against real WebAuthn verification. */
const RP: RelyingParty = { rpID: 'jornada.test', origin: 'https://jornada.test' };
const PASSWORD = 'Llave#2026x';
let s: ServiceDb;
let ana: TestActor & { name: string; email: string };
let bea: TestActor & { name: string; email: string };
let addressNo = 0;
/** Each attempt from its own address, so the sign-in limits of one case never hold another. */
const origin = () => ({ address: `10.0.0.${++addressNo}`, userAgent: 'vitest' });

async function account(email: string) {
  const actor = await s.addAccount({ email, accountType: 'Admin', roleId: s.roles.administrator });
  await s.db
    .updateTable('users')
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where('id', '=', actor.id)
    .execute();
  return { ...actor, email, name: email };
}

async function register(who: typeof ana, authenticator: SoftAuthenticator, name = 'Portátil') {
  const options = await passkeyRegistrationOptions(s.db, who, RP);
  return addPasskey(s.db, who, { name, response: authenticator.register(options) } as unknown as AddPasskeyInput, RP);
}

async function assertion(authenticator: SoftAuthenticator, ticket?: string, overrides: Parameters<SoftAuthenticator['assert']>[1] = {}): Promise<PasskeySignInInput> {
  const { challenge, options } = await passkeySignInOptions(s.db, ticket, RP, origin().address);
  return { challenge, response: authenticator.assert(options, overrides), ...(ticket ? { ticket } : {}) } as unknown as PasskeySignInInput;
}

const methods = async (userId: number) => (await s.db.selectFrom('sessions').select('method').where('userId', '=', userId).execute()).map((r) => r.method);
const stored = async (userId: number) => s.db.selectFrom('passkeys').selectAll().where('userId', '=', userId).orderBy('id').execute();

beforeAll(async () => {
  s = await openServiceDb();
  ana = await account('ana@service.test');
  bea = await account('bea@service.test');
});
afterAll(async () => s?.close());

describe('adding a passkey', () => {
  const key = new SoftAuthenticator({ origin: RP.origin, synced: true });

  it('stores the credential; the first factor answers ten recovery codes, once', async () => {
    const first = await register(ana, key);
    expect(first.recoveryCodes).toHaveLength(10);
    expect(first.passkey).toMatchObject({ name: 'Portátil', lastUsedAt: null, deviceType: 'multiDevice', backedUp: true });
    expect((await factorsOf(s.db, ana.id)).recoveryCodesLeft).toBe(10);
    const second = await register(ana, new SoftAuthenticator({ origin: RP.origin }), 'Móvil');
    expect(second.recoveryCodes).toBeUndefined();
    expect(second.passkey).toMatchObject({ deviceType: 'singleDevice', backedUp: false });
    expect((await accountPasskeys(s.db, ana.id)).map((p) => p.name)).toEqual(['Portátil', 'Móvil']);
  });

  it('asks for a discoverable credential and excludes the account’s own', async () => {
    const options = await passkeyRegistrationOptions(s.db, ana, RP);
    expect(options.rp).toEqual({ name: 'Jornada', id: 'jornada.test' });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'preferred' });
    expect(options.excludeCredentials?.map((c) => c.id)).toContain(key.id);
  });

  it('refuses a credential already stored (409), a replayed answer and a wrong origin, storing nothing', async () => {
    await expect(register(ana, key)).rejects.toMatchObject({ code: 'passkeys.duplicate', status: 409 });
    await expect(register(bea, key)).rejects.toMatchObject({ code: 'passkeys.duplicate', status: 409 });
    const fresh = new SoftAuthenticator({ origin: RP.origin });
    const options = await passkeyRegistrationOptions(s.db, bea, RP);
    const response = fresh.register(options, { origin: 'https://evil.test' });
    await expect(addPasskey(s.db, bea, { name: 'x', response } as unknown as AddPasskeyInput, RP)).rejects.toMatchObject({ code: 'passkeys.notVerified', status: 400 });
    // The challenge was used by that try: the same answer again finds none.
    await expect(addPasskey(s.db, bea, { name: 'x', response } as unknown as AddPasskeyInput, RP)).rejects.toMatchObject({ code: 'passkeys.expired', status: 400 });
    // Another account's challenge is not this account's.
    const anas = await passkeyRegistrationOptions(s.db, ana, RP);
    await expect(addPasskey(s.db, bea, { name: 'x', response: fresh.register(anas) } as unknown as AddPasskeyInput, RP)).rejects.toMatchObject({ code: 'passkeys.expired' });
    expect(await stored(bea.id)).toEqual([]);
  });
});

describe('signing in with a passkey', () => {
  const key = new SoftAuthenticator({ origin: RP.origin });
  const unverified = new SoftAuthenticator({ origin: RP.origin, userVerified: false });
  beforeAll(async () => {
    await register(bea, key, 'Llave');
    await register(bea, unverified, 'Sin verificación');
  });

  it('passwordless: discoverable options requiring user verification, a "passkey" session, counter and last use kept', async () => {
    const { options } = await passkeySignInOptions(s.db, undefined, RP, origin().address);
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    const result = await signInWithPasskey(s.db, await assertion(key), origin(), RP, undefined);
    expect(result.user.id).toBe(bea.id);
    expect(await methods(bea.id)).toEqual(['passkey']);
    const row = (await stored(bea.id)).find((p) => p.credentialId === key.id)!;
    expect(row.counter).toBe(key.counter);
    expect(row.lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed assertion, a counter gone backwards, a wrong origin and no user verification (401 passkeys.failed)', async () => {
    const input = await assertion(key);
    await signInWithPasskey(s.db, input, origin(), RP, undefined);
    await expect(signInWithPasskey(s.db, input, origin(), RP, undefined)).rejects.toMatchObject({ code: 'passkeys.failed', status: 401 });
    const before = key.counter;
    await expect(signInWithPasskey(s.db, await assertion(key, undefined, { counter: before - 1 }), origin(), RP, undefined)).rejects.toMatchObject({ code: 'passkeys.failed' });
    expect((await stored(bea.id)).find((p) => p.credentialId === key.id)!.counter).toBe(before);
    key.counter = before;
    await expect(signInWithPasskey(s.db, await assertion(key, undefined, { origin: 'https://evil.test' }), origin(), RP, undefined)).rejects.toMatchObject({ code: 'passkeys.failed' });
    await expect(signInWithPasskey(s.db, await assertion(unverified), origin(), RP, undefined)).rejects.toMatchObject({ code: 'passkeys.failed' });
    await expect(signInWithPasskey(s.db, await assertion(new SoftAuthenticator({ origin: RP.origin })), origin(), RP, undefined)).rejects.toMatchObject({ code: 'passkeys.failed' });
  });

  it('counts refusals in the sign-in limits: the sixth wrong try from one address waits (429), for a known account too', async () => {
    const address = origin();
    const stranger = new SoftAuthenticator({ origin: RP.origin });
    for (let i = 0; i < 5; i++) await expect(signInWithPasskey(s.db, await assertion(stranger), address, RP, undefined)).rejects.toMatchObject({ status: 401 });
    await expect(signInWithPasskey(s.db, await assertion(stranger), address, RP, undefined)).rejects.toMatchObject({ status: 429 });
    const other = origin();
    const before = key.counter;
    for (let i = 0; i < 5; i++) await expect(signInWithPasskey(s.db, await assertion(key, undefined, { counter: 0 }), other, RP, undefined)).rejects.toMatchObject({ status: 401 });
    key.counter = before;
    await expect(signInWithPasskey(s.db, await assertion(key), other, RP, undefined)).rejects.toMatchObject({ status: 429 });
  });

  it('as second factor: only the ticket account’s credentials, user verification preferred, "password+passkey", the ticket used up', async () => {
    const step = await signIn(s.db, { email: bea.email, password: PASSWORD, ...origin(), address: origin().address });
    expect(step.kind).toBe('second-factor');
    if (step.kind !== 'second-factor') return;
    expect(step.methods).toContain('passkey');
    const { options } = await passkeySignInOptions(s.db, step.ticket, RP, origin().address);
    expect(options.allowCredentials?.map((c) => c.id).sort()).toEqual([key.id, unverified.id].sort());
    expect(options.userVerification).toBe('preferred');
    // Ana's passkey does not answer for Bea's sign-in; the ticket stays for another try.
    const anas = new SoftAuthenticator({ origin: RP.origin });
    await register(ana, anas, 'Otra');
    await expect(signInWithPasskey(s.db, await assertion(anas, step.ticket), origin(), RP, undefined)).rejects.toMatchObject({ code: 'passkeys.failed' });
    // A passwordless challenge does not serve a ticket's sign-in.
    const passwordless = await assertion(unverified);
    await expect(signInWithPasskey(s.db, { ...passwordless, ticket: step.ticket }, origin(), RP, undefined)).rejects.toMatchObject({ code: 'passkeys.failed' });
    const sessions = (await methods(bea.id)).length;
    const done = await signInWithPasskey(s.db, await assertion(unverified, step.ticket), origin(), RP, undefined);
    expect(done.user.id).toBe(bea.id);
    expect(await methods(bea.id)).toHaveLength(sessions + 1);
    expect((await methods(bea.id)).filter((m) => m === 'password+passkey')).toHaveLength(1);
    await expect(passkeySignInOptions(s.db, step.ticket, RP, origin().address)).rejects.toMatchObject({ code: 'errors.signInExpired', status: 401 });
  });

  it('refuses a disabled account like the password does', async () => {
    await s.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', bea.id).execute();
    try {
      await expect(signInWithPasskey(s.db, await assertion(key), origin(), RP, undefined)).rejects.toMatchObject({ code: 'errors.userDisabled', status: 401 });
    } finally {
      await s.db.updateTable('users').set({ status: 'enabled' }).where('id', '=', bea.id).execute();
    }
  });
});

describe('starting passkey sign-ins from one address', () => {
  it(`takes ${CEREMONY_STARTS_PER_MINUTE} a minute; the next is 429 with the wait, writes no challenge, and another address still starts`, async () => {
    const address = origin().address;
    const challenges = async () =>
      Number(
        (
          await s.db
            .selectFrom('authChallenges')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (let i = 0; i < CEREMONY_STARTS_PER_MINUTE; i++) await passkeySignInOptions(s.db, undefined, RP, address);
    const before = await challenges();
    const refused = await passkeySignInOptions(s.db, undefined, RP, address).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: 'errors.tooManySignInStarts', status: 429, params: { minutes: 1 } });
    expect((refused as { params: { retryAfterSeconds: number } }).params.retryAfterSeconds).toBeGreaterThan(0);
    expect(await challenges()).toBe(before);
    await expect(passkeySignInOptions(s.db, undefined, RP, origin().address)).resolves.toMatchObject({ challenge: expect.any(String) });
  });
});

describe('renaming and removing', () => {
  it('renames and removes only the account’s own passkeys (another’s: 404)', async () => {
    const [anas] = await stored(ana.id);
    await expect(renameAccountPasskey(s.db, bea.id, anas!.id, 'Mía')).rejects.toMatchObject({ status: 404 });
    await expect(removeAccountPasskey(s.db, bea.id, anas!.id, PASSWORD)).rejects.toMatchObject({ status: 404 });
    await renameAccountPasskey(s.db, ana.id, anas!.id, 'Trabajo');
    expect((await stored(ana.id))[0]!.name).toBe('Trabajo');
  });

  it('asks the current password (422) and keeps the last factor a company requires (409); the last one takes the recovery codes with it', async () => {
    const ids = (await stored(ana.id)).map((p) => p.id);
    await expect(removeAccountPasskey(s.db, ana.id, ids[0]!, 'Incorrecta#1')).rejects.toMatchObject({ status: 422, fields: { password: 'password.wrongCurrent' } });
    await removeAccountPasskey(s.db, ana.id, ids[0]!, PASSWORD);
    await removeAccountPasskey(s.db, ana.id, ids[1]!, PASSWORD);
    await s.db.updateTable('companies').set({ requireTwoFactor: 1 }).where('id', '=', s.companyId).execute();
    try {
      await expect(removeAccountPasskey(s.db, ana.id, ids[2]!, PASSWORD)).rejects.toMatchObject({ code: 'passkeys.lastFactorRequired', status: 409 });
    } finally {
      await s.db.updateTable('companies').set({ requireTwoFactor: 0 }).where('id', '=', s.companyId).execute();
    }
    await removeAccountPasskey(s.db, ana.id, ids[2]!, PASSWORD);
    expect(await factorsOf(s.db, ana.id)).toEqual({ totp: false, passkeys: 0, recoveryCodesLeft: 0 });
    const audit = await s.db.selectFrom('auditLog').select('action').where('userId', '=', ana.id).where('action', 'like', 'passkey-%').execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['passkey-add', 'passkey-rename', 'passkey-remove']));
  });
});
