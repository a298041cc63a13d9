import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInspectionLink } from '#server/services/access/create-inspection-link.ts';
import { inspectionLinks } from '#server/services/access/list-inspection-links.ts';
import { revokeInspectionLink } from '#server/services/access/revoke-inspection-link.ts';
import { createApiToken } from '#server/services/api-tokens/create-api-token.ts';
import { apiTokens } from '#server/services/api-tokens/list-api-tokens.ts';
import { revokeApiToken } from '#server/services/api-tokens/revoke-api-token.ts';
import { nowIso } from '#server/clock/now.ts';
import type { SessionUser } from '#server/services/sign-in/session-user.ts';
import { createTerminal } from '#server/services/terminals/create-terminal.ts';
import { listTerminals } from '#server/services/terminals/list-terminals.ts';
import { revokeTerminal } from '#server/services/terminals/revoke-terminal.ts';
import { createUser } from '#server/services/users/create-user.ts';
import { updateUser } from '#server/services/users/update-user.ts';
import { createWebhook } from '#server/services/webhooks/create-webhook.ts';
import { deleteWebhook } from '#server/services/webhooks/delete-webhook.ts';
import { listWebhooks } from '#server/services/webhooks/list-webhooks.ts';
import { revealWebhookSecret } from '#server/services/webhooks/reveal-webhook-secret.ts';
import { openServiceDb, type ServiceDb, type TestActor } from '../helpers/service-db.ts';

/**
 * Issue 34, point 1. An Admin without a company registered a webhook its company's SuperAdmin
 * could not list, reveal or delete (and it heard every company's events); terminals the same.
 * Now every Admin and Employee account belongs to a company, and a SuperAdmin manages every
 * webhook, terminal, API token and inspection link, whoever made it.
 */
let s: ServiceDb;
let otherCompany: number;

const sessionUser = (a: TestActor, companyId: number | null = a.companyId): SessionUser => ({
  id: a.id,
  name: `user ${a.id}`,
  email: `user${a.id}@service.test`,
  image: null,
  accountType: a.accountType,
  permissions: a.permissions,
  roleId: a.roleId,
  roleName: 'Administrator',
  companyId,
  employeeId: a.employeeId,
});

const error = async (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as { code: string; status: number; fields?: Record<string, string> },
  );

beforeAll(async () => {
  s = await openServiceDb();
  const at = '2026-01-05T09:00:00.000Z';
  otherCompany = (await s.db.insertInto('companies').values({ name: 'Otra', createdAt: at, updatedAt: at }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => s.close());

describe('every Admin and Employee account belongs to a company', () => {
  const body = (accountType: string, company: number | null, email: string, employee: number | null = null) => ({
    name: 'Cuenta',
    email,
    role: s.roles.administrator,
    status: 'enabled',
    accountType,
    company,
    employee,
    password: 'Cuenta#2026segura',
    confirmPassword: 'Cuenta#2026segura',
  });

  it('refuses to create an Admin or Employee account without one (422 on the company field)', async () => {
    const employee = await s.addEmployee({ firstName: 'Sin', pin: '700001' });
    for (const [type, emp] of [
      ['Admin', null],
      ['Employee', employee],
    ] as const) {
      const e = await error(createUser(s.db, s.superAdmin, body(type, null, `sin-${type}@service.test`, emp)));
      expect(e).toMatchObject({ status: 422, code: 'users.companyRequired', fields: { company: 'users.companyRequired' } });
    }
    expect(await s.db.selectFrom('users').select('id').where('email', 'like', 'sin-%').execute()).toEqual([]);
    // A SuperAdmin may stand above the companies.
    await expect(createUser(s.db, s.superAdmin, body('SuperAdmin', null, 'super2@service.test'))).resolves.toMatchObject({ company: null });
  });

  it('refuses to take the company away from an Admin (update)', async () => {
    const created = await createUser(s.db, s.superAdmin, body('Admin', s.companyId, 'con@service.test'));
    const e = await error(updateUser(s.db, s.superAdmin, created._id, { company: null }));
    expect(e).toMatchObject({ status: 422, code: 'users.companyRequired' });
    expect((await s.db.selectFrom('users').select('companyId').where('id', '=', created._id).executeTakeFirstOrThrow()).companyId).toBe(s.companyId);
  });
});

describe('a SuperAdmin manages every webhook, terminal, API token and inspection link', () => {
  // An Admin of another company, and one left without a company by an older version.
  const creators = () => [sessionUser(s.admin, otherCompany), sessionUser(s.admin, null)];
  const superAdmin = () => sessionUser(s.superAdmin);

  it('webhooks: lists, reveals and deletes them', async () => {
    for (const creator of creators()) {
      const { data } = await createWebhook(s.db, creator, { url: 'http://127.0.0.1:9/hook', events: ['leave.decided'], description: '' });
      expect((await listWebhooks(s.db, superAdmin())).map((w) => w._id)).toContain(data._id);
      await expect(revealWebhookSecret(s.db, superAdmin(), data._id)).resolves.toMatch(/^whsec_/);
      await deleteWebhook(s.db, superAdmin(), data._id);
      expect(await s.db.selectFrom('webhooks').select('id').where('id', '=', data._id).execute()).toEqual([]);
    }
  });

  it('webhooks: an Admin still sees only its own company’s', async () => {
    const { data } = await createWebhook(s.db, sessionUser(s.admin, otherCompany), { url: 'http://127.0.0.1:9/otra', events: ['leave.decided'], description: '' });
    expect((await listWebhooks(s.db, sessionUser(s.admin))).map((w) => w._id)).not.toContain(data._id);
    await expect(error(revealWebhookSecret(s.db, sessionUser(s.admin), data._id))).resolves.toMatchObject({ status: 404 });
  });

  it('terminals: lists and revokes them', async () => {
    for (const creator of creators()) {
      const { data } = await createTerminal(s.db, creator, { name: `Entrada ${creator.companyId}`, location: '', methods: ['pin'] });
      expect((await listTerminals(s.db, superAdmin())).map((t) => t._id)).toContain(data._id);
      await expect(revokeTerminal(s.db, superAdmin(), data._id)).resolves.toMatchObject({ state: 'revoked' });
    }
  });

  it('API tokens and inspection links: lists and revokes them', async () => {
    for (const creator of creators()) {
      const expiresOn = new Date(Date.parse(nowIso()) + 30 * 86_400_000).toISOString().slice(0, 10);
      const { _id: tokenId } = await createApiToken(s.db, creator, { name: `t${creator.companyId}`, expiresOn, permissions: { employee: ['read'] } });
      expect((await apiTokens(s.db, superAdmin())).map((t) => t._id)).toContain(tokenId);
      await revokeApiToken(s.db, superAdmin(), tokenId);
      expect((await apiTokens(s.db, superAdmin())).find((t) => t._id === tokenId)?.state).toBe('revoked');

      const link = await createInspectionLink(s.db, creator, { days: 7, label: null });
      expect((await inspectionLinks(s.db)).map((l) => l._id)).toContain(link._id);
      await revokeInspectionLink(s.db, s.superAdmin.id, link._id);
      expect((await inspectionLinks(s.db)).find((l) => l._id === link._id)?.state).toBe('revoked');
    }
  });
});
