import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AcceptInvitationSchema, ResetPasswordSchema } from '#domain/accounts/account-links.ts';
import { parseInput } from '#server/http/json.ts';
import { saveMailSettings } from '#server/mail/mail-settings.ts';
import { openSealedEmail } from '#server/mail/sealed-email.ts';
import { acceptInvitation } from '#server/services/accounts/accept-invitation.ts';
import { inviteEmployees } from '#server/services/accounts/invite-employees.ts';
import { openInvitation, openPasswordReset } from '#server/services/accounts/open-account-link.ts';
import { requestPasswordReset } from '#server/services/accounts/request-password-reset.ts';
import { resetPassword } from '#server/services/accounts/reset-password.ts';
import { revokeInvitation } from '#server/services/accounts/revoke-invitation.ts';
import { notifyEmployee } from '#server/services/notifications/notify.ts';
import type { SessionUser } from '#server/services/sign-in/session-user.ts';
import { signIn } from '#server/services/sign-in/sign-in.ts';
import { startSession } from '#server/services/sign-in/start-session.ts';
import { insertCompanyWithDefaultRoles } from '#server/db/repositories/companies.ts';
import { emailContent } from '#server/mail/email-content.ts';
import { openServiceDb, type ServiceDb, type TestActor } from '../helpers/service-db.ts';

/**
 * Issue 36, points 1 and 2 (decision 066): invitations and password resets as services, with the
 * attacker's cases: expired, reused, revoked links, another company's employee, two acceptances at
 * once, the forgot form's same answer and limits, a reset ending the other sessions.
 */

let s: ServiceDb;
let admin: SessionUser;
let superAdmin: SessionUser;
const origin = { userAgent: 'vitest', address: '198.51.100.7' };
const PASSWORD = 'Trabajo#2026';
const fakeNow = process.env.JORNADA_FAKE_NOW;

function sessionUser(a: TestActor, accountType = a.accountType): SessionUser {
  return { id: a.id, name: 'A', email: 'a@x', image: null, accountType, permissions: a.permissions, roleId: a.roleId, roleName: 'Administrator', companyId: a.companyId, employeeId: a.employeeId };
}

/** The one-time link of the newest queued email to `to` (opened from its sealed payload). */
async function linkSentTo(to: string, kind: 'join' | 'reset-password'): Promise<string> {
  const row = await s.db.selectFrom('outbox').select(['payload']).where('recipient', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow();
  expect(row.payload).not.toMatch(/join\/|reset-password\//);
  const content = openSealedEmail(JSON.parse(row.payload)) as { text: string };
  const match = new RegExp(`/${kind}/([A-Za-z0-9_-]{43})`).exec(content.text);
  expect(match).not.toBeNull();
  return match![1]!;
}

const accept = (token: string, password = PASSWORD) => acceptInvitation(s.db, parseInput(AcceptInvitationSchema, { token, password, confirmPassword: password }), origin);

async function auditActions(entity: string): Promise<string[]> {
  return (await s.db.selectFrom('auditLog').select('action').where('entity', '=', entity).orderBy('id').execute()).map((r) => r.action);
}

beforeAll(async () => {
  s = await openServiceDb();
  admin = sessionUser(s.admin);
  superAdmin = sessionUser(s.superAdmin);
  await saveMailSettings(s.db, { host: '127.0.0.1', port: 2525, security: 'none', user: '', password: '', from: 'jornada@service.test', appUrl: 'http://jornada.test' }, s.superAdmin.id);
});

afterEach(() => {
  if (fakeNow === undefined) delete process.env.JORNADA_FAKE_NOW;
  else process.env.JORNADA_FAKE_NOW = fakeNow;
});

afterAll(async () => {
  await s.close();
});

describe('invitations', () => {
  it('an invited worker sets their password and gets an Employee account with the built-in Employee role, linked to the employee; the link works once', async () => {
    const id = await s.addEmployee({ firstName: 'Lucía', pin: '111111' });
    const { invited } = await inviteEmployees(s.db, admin, { employees: [id], delivery: 'email' });
    expect(invited).toMatchObject([{ _id: id, delivery: 'email', resent: false }]);
    expect(invited[0]).not.toHaveProperty('path');
    const email = invited[0]!.email!;
    const token = await linkSentTo(email, 'join');
    // Only the hash is stored.
    const stored = await s.db.selectFrom('invitations').selectAll().where('employeeId', '=', id).executeTakeFirstOrThrow();
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await openInvitation(s.db, token)).toEqual({ state: 'open', firstName: 'Lucía', email });

    const { user, token: session } = await accept(token);
    expect(session).toBeTruthy();
    expect(user).toMatchObject({ accountType: 'Employee', employeeId: id, companyId: s.companyId, roleId: s.roles.employee, email });
    // Signs in with the chosen password.
    await expect(signIn(s.db, { email, password: PASSWORD, address: '203.0.113.1', userAgent: null })).resolves.toMatchObject({ user: { id: user.id } });
    // Reused link: refused, no second account.
    await expect(accept(token)).rejects.toMatchObject({ status: 409, code: 'invitations.linkUsed' });
    expect(await openInvitation(s.db, token)).toEqual({ state: 'used' });
    expect(await s.db.selectFrom('users').select('id').where('employeeId', '=', id).execute()).toHaveLength(1);
    expect(await auditActions('invitation')).toEqual(expect.arrayContaining(['invite', 'accept']));
    // Joined: a new invitation is refused.
    await expect(inviteEmployees(s.db, admin, { employees: [id], delivery: 'email' })).rejects.toMatchObject({ status: 409, code: 'invitations.hasAccount' });
  });

  it('a password outside the policy of spec §5 is refused with the field named, and the link stays open', async () => {
    const id = await s.addEmployee({ firstName: 'Pedro', pin: '222222' });
    const { invited } = await inviteEmployees(s.db, admin, { employees: [id], delivery: 'email' });
    const token = await linkSentTo(invited[0]!.email!, 'join');
    expect(() => parseInput(AcceptInvitationSchema, { token, password: 'corta1!', confirmPassword: 'corta1!' })).toThrow(expect.objectContaining({ status: 422, fields: { password: 'password.tooShort' } }));
    expect(() => parseInput(AcceptInvitationSchema, { token, password: PASSWORD, confirmPassword: 'Otra#2026' })).toThrow(expect.objectContaining({ status: 422, fields: { confirmPassword: 'password.mismatch' } }));
    expect((await openInvitation(s.db, token)).state).toBe('open');
  });

  it('an expired link (7 days) is refused and creates nothing', async () => {
    const id = await s.addEmployee({ firstName: 'Ana', pin: '333333' });
    const { invited } = await inviteEmployees(s.db, admin, { employees: [id], delivery: 'email' });
    const token = await linkSentTo(invited[0]!.email!, 'join');
    process.env.JORNADA_FAKE_NOW = new Date(Date.now() + 7 * 86_400_000 + 60_000).toISOString();
    await expect(accept(token)).rejects.toMatchObject({ status: 409, code: 'invitations.linkExpired' });
    expect(await s.db.selectFrom('users').select('id').where('employeeId', '=', id).execute()).toHaveLength(0);
  });

  it('resend replaces the link (the old one is revoked); revoke closes the new one', async () => {
    const id = await s.addEmployee({ firstName: 'Marta', pin: '444444' });
    const first = await inviteEmployees(s.db, admin, { employees: [id], delivery: 'email' });
    const oldToken = await linkSentTo(first.invited[0]!.email!, 'join');
    const again = await inviteEmployees(s.db, admin, { employees: [id], delivery: 'email' });
    expect(again.invited[0]!.resent).toBe(true);
    const newToken = await linkSentTo(first.invited[0]!.email!, 'join');
    expect(newToken).not.toBe(oldToken);
    await expect(accept(oldToken)).rejects.toMatchObject({ status: 409, code: 'invitations.linkRevoked' });
    await revokeInvitation(s.db, admin, id);
    await expect(accept(newToken)).rejects.toMatchObject({ status: 409, code: 'invitations.linkRevoked' });
    await expect(revokeInvitation(s.db, admin, id)).rejects.toMatchObject({ status: 409, code: 'invitations.noneToRevoke' });
    expect(await auditActions('invitation')).toEqual(expect.arrayContaining(['resend', 'revoke']));
  });

  it('two acceptances of one link at the same time create one account', async () => {
    const id = await s.addEmployee({ firstName: 'Iker', pin: '555555' });
    const { invited } = await inviteEmployees(s.db, admin, { employees: [id], delivery: 'email' });
    const token = await linkSentTo(invited[0]!.email!, 'join');
    const results = await Promise.allSettled([accept(token), accept(token)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { status: 409 } });
    expect(await s.db.selectFrom('users').select('id').where('employeeId', '=', id).execute()).toHaveLength(1);
  });

  it("an Admin cannot invite another company's employee (404, nothing written); a SuperAdmin can", async () => {
    const other = await s.db.transaction().execute((trx) => insertCompanyWithDefaultRoles(trx, 'Otra Empresa', new Date().toISOString()));
    const id = await s.addEmployee({ firstName: 'Ajeno', pin: '666666' });
    await s.db.updateTable('employees').set({ companyId: other.companyId }).where('id', '=', id).execute();
    const before = await s.db.selectFrom('invitations').select('id').execute();
    await expect(inviteEmployees(s.db, admin, { employees: [id], delivery: 'email' })).rejects.toMatchObject({ status: 404 });
    await expect(revokeInvitation(s.db, admin, id)).rejects.toMatchObject({ status: 404 });
    expect(await s.db.selectFrom('invitations').select('id').execute()).toHaveLength(before.length);
    // `all` of an Admin is its company only.
    const all = await inviteEmployees(s.db, admin, { all: true, delivery: 'sheet' });
    expect(all.invited.map((e) => e._id)).not.toContain(id);
    const { invited } = await inviteEmployees(s.db, superAdmin, { employees: [id], delivery: 'email' });
    const { user } = await accept(await linkSentTo(invited[0]!.email!, 'join'));
    // The new account belongs to the employee's company, with that company's Employee role.
    const role = await s.db.selectFrom('roles').select(['companyId', 'name']).where('id', '=', user.roleId).executeTakeFirstOrThrow();
    expect(role).toEqual({ companyId: other.companyId, name: 'Employee' });
  });

  it('the printed sheet answers each link once and queues no email; named employees are invited all or none', async () => {
    const a = await s.addEmployee({ firstName: 'Sin', pin: '777777' });
    const b = await s.addEmployee({ firstName: 'Correo', pin: '888888' });
    const queued = await s.db.selectFrom('outbox').select('id').execute();
    const { invited } = await inviteEmployees(s.db, admin, { employees: [a, b], delivery: 'sheet' });
    expect(invited.map((e) => e.path)).toEqual([expect.stringMatching(/^\/join\/[A-Za-z0-9_-]{43}$/), expect.stringMatching(/^\/join\/[A-Za-z0-9_-]{43}$/)]);
    expect(await s.db.selectFrom('outbox').select('id').execute()).toHaveLength(queued.length);
    await s.db.updateTable('employees').set({ status: 'archived' }).where('id', '=', b).execute();
    const count = (await s.db.selectFrom('invitations').select('id').execute()).length;
    await expect(inviteEmployees(s.db, admin, { employees: [a, b], delivery: 'sheet' })).rejects.toMatchObject({ status: 409, code: 'invitations.archived', params: { name: 'Correo Prueba' } });
    expect(await s.db.selectFrom('invitations').select('id').execute()).toHaveLength(count);
    // The archived employee's open link no longer opens.
    expect(
      (
        await openInvitation(
          s.db,
          invited
            .find((e) => e._id === b)!
            .path!.split('/')
            .pop()!,
        )
      ).state,
    ).toBe('revoked');
  });

  it('a worker without an email (issue 37): no emailed invitation, the sheet instead; they type the address on accepting, and nobody is emailed', async () => {
    const id = await s.addEmployee({ firstName: 'Panadero', pin: '565656' });
    await s.db.updateTable('employees').set({ email: '' }).where('id', '=', id).execute();
    const count = (await s.db.selectFrom('invitations').select('id').execute()).length;
    await expect(inviteEmployees(s.db, admin, { employees: [id], delivery: 'email' })).rejects.toMatchObject({ status: 409, code: 'invitations.noEmail', params: { name: 'Panadero Prueba' } });
    expect(await s.db.selectFrom('invitations').select('id').execute()).toHaveLength(count);
    // "Everyone without an account" by email skips them, saying why.
    const all = await inviteEmployees(s.db, superAdmin, { all: true, delivery: 'email' });
    expect(all.skipped).toContainEqual({ _id: id, name: 'Panadero Prueba', code: 'invitations.noEmail' });
    // A notice to them has no address to go to.
    const content = () => emailContent({ lang: 'en', subject: 'Asunto', heading: 'Hola', lines: ['Línea'] });
    expect(await s.db.transaction().execute((trx) => notifyEmployee(trx, { kind: 'missingCheckOut', employeeId: id, dedupeKey: `n:${id}`, content }))).toBe(0);

    const { invited } = await inviteEmployees(s.db, admin, { employees: [id], delivery: 'sheet' });
    expect(invited).toMatchObject([{ _id: id, email: null, delivery: 'sheet' }]);
    const token = invited[0]!.path!.split('/').pop()!;
    expect(await openInvitation(s.db, token)).toEqual({ state: 'open', firstName: 'Panadero', email: null });
    // No address given: the field is named and the link stays open.
    await expect(accept(token)).rejects.toMatchObject({ status: 422, fields: { email: 'validation.required' } });
    expect((await openInvitation(s.db, token)).state).toBe('open');
    const chosen = acceptInvitation(s.db, parseInput(AcceptInvitationSchema, { token, password: PASSWORD, confirmPassword: PASSWORD, email: ' Panadero@Horno.es ' }), origin);
    const { user } = await chosen;
    expect(user).toMatchObject({ email: 'panadero@horno.es', employeeId: id, accountType: 'Employee' });
    expect((await s.db.selectFrom('employees').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email).toBe('panadero@horno.es');
  });

  it('an email to an employee without an account says how to get one', async () => {
    const id = await s.addEmployee({ firstName: 'Nota', pin: '999999' });
    const content = () => emailContent({ lang: 'en', subject: 'Asunto', heading: 'Hola', lines: ['Línea'] });
    await s.db.transaction().execute((trx) => notifyEmployee(trx, { kind: 'missingCheckOut', employeeId: id, dedupeKey: `t:${id}:1`, content }));
    const ask = await s.db.selectFrom('outbox').select('payload').where('dedupeKey', '=', `t:${id}:1`).executeTakeFirstOrThrow();
    expect(JSON.parse(ask.payload).text).toContain('pide a tu administrador una invitación');
    await inviteEmployees(s.db, admin, { employees: [id], delivery: 'sheet' });
    await s.db.transaction().execute((trx) => notifyEmployee(trx, { kind: 'missingCheckOut', employeeId: id, dedupeKey: `t:${id}:2`, content }));
    const use = await s.db.selectFrom('outbox').select('payload').where('dedupeKey', '=', `t:${id}:2`).executeTakeFirstOrThrow();
    expect(JSON.parse(use.payload).text).toContain('usa el enlace de la invitación');
  });
});

describe('password reset', () => {
  const resetWith = (token: string, password = 'Nueva#2026x') => resetPassword(s.db, parseInput(ResetPasswordSchema, { token, password, confirmPassword: password }), origin);

  it('the same answer for a known and an unknown address; only the known one gets a link', async () => {
    const account = await s.addAccount({ email: 'reset-known@service.test', accountType: 'Employee', roleId: s.roles.employee });
    const before = (await s.db.selectFrom('outbox').select('id').execute()).length;
    const known = await requestPasswordReset(s.db, { email: 'RESET-KNOWN@service.test', address: '192.0.2.1' });
    const unknown = await requestPasswordReset(s.db, { email: 'nobody@service.test', address: '192.0.2.1' });
    expect(Object.keys(known)).toEqual(Object.keys(unknown));
    await Promise.all([known.done, unknown.done]);
    const rows = await s.db.selectFrom('outbox').select(['recipient', 'kind']).where('id', '>', before).execute();
    expect(rows).toEqual([{ recipient: 'reset-known@service.test', kind: 'passwordReset' }]);
    const token = await linkSentTo('reset-known@service.test', 'reset-password');
    expect(await openPasswordReset(s.db, token)).toMatchObject({ state: 'open', email: 'reset-known@service.test' });
    expect(account.id).toBeGreaterThan(0);
  });

  it('a reset ends every other session, the link works once and not after an hour', async () => {
    const account = await s.addAccount({ email: 'reset-sessions@service.test', accountType: 'Employee', roleId: s.roles.employee });
    const row = await s.db.selectFrom('users').select(['sessionVersion']).where('id', '=', account.id).executeTakeFirstOrThrow();
    await startSession(s.db, { id: account.id, sessionVersion: row.sessionVersion }, origin);
    await startSession(s.db, { id: account.id, sessionVersion: row.sessionVersion }, origin);
    expect(await s.db.selectFrom('sessions').select('id').where('userId', '=', account.id).execute()).toHaveLength(2);
    await (
      await requestPasswordReset(s.db, { email: 'reset-sessions@service.test', address: '192.0.2.2' })
    ).done;
    const token = await linkSentTo('reset-sessions@service.test', 'reset-password');
    const { user } = await resetWith(token);
    expect(user.id).toBe(account.id);
    // Only the new session is left.
    expect(await s.db.selectFrom('sessions').select('id').where('userId', '=', account.id).execute()).toHaveLength(1);
    await expect(signIn(s.db, { email: 'reset-sessions@service.test', password: 'Nueva#2026x', address: '203.0.113.2', userAgent: null })).resolves.toBeDefined();
    await expect(resetWith(token)).rejects.toMatchObject({ status: 409, code: 'passwordReset.linkUsed' });
    expect(await auditActions('user')).toEqual(expect.arrayContaining(['password-reset-request', 'password-reset']));

    await (
      await requestPasswordReset(s.db, { email: 'reset-sessions@service.test', address: '192.0.2.2' })
    ).done;
    const late = await linkSentTo('reset-sessions@service.test', 'reset-password');
    process.env.JORNADA_FAKE_NOW = new Date(Date.now() + 61 * 60_000).toISOString();
    await expect(resetWith(late)).rejects.toMatchObject({ status: 409, code: 'passwordReset.linkExpired' });
    await expect(resetWith('B'.repeat(43))).rejects.toMatchObject({ status: 404, code: 'passwordReset.linkUnknown' });
  });

  it('the forgot form is held by the sign-in limits alike for a known and an unknown address', async () => {
    await s.addAccount({ email: 'flood@service.test', accountType: 'Employee', roleId: s.roles.employee });
    const ask = (email: string) => requestPasswordReset(s.db, { email, address: '192.0.2.99' });
    for (let i = 0; i < 5; i++) await (await ask('flood@service.test')).done;
    for (let i = 0; i < 5; i++) await (await ask('ghost@service.test')).done;
    await expect(ask('flood@service.test')).rejects.toMatchObject({ status: 429, code: 'errors.tooManySignIns' });
    await expect(ask('ghost@service.test')).rejects.toMatchObject({ status: 429, code: 'errors.tooManySignIns' });
    // At most five links were sent to the account.
    expect(await s.db.selectFrom('outbox').select('id').where('recipient', '=', 'flood@service.test').execute()).toHaveLength(5);
  });
});
