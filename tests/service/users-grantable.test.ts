import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/services/users/create-user.ts';
import { updateUser } from '../../src/server/services/users/update-user.ts';
import { openServiceDb, type ServiceDb, type TestActor } from '../helpers/service-db.ts';

/** Decision 021: nobody gives a role or an account type they could not grant (createUser, updateUser). */

let s: ServiceDb;
let hr: TestActor;
let hrRoleId: number;

const newUser = (email: string, role: number, accountType = 'Admin') => ({
  name: 'Usuaria Prueba',
  email,
  role,
  status: 'enabled',
  accountType,
  company: s.companyId,
  password: 'Prueba#2026x',
  confirmPassword: 'Prueba#2026x',
});

const userCount = async () =>
  Number(
    (
      await s.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  s = await openServiceDb();
  // An HR administrator who manages users and employees, but not settings or roles.
  hr = await s.addAccount({ email: 'hr@service.test', accountType: 'Admin', permissions: { user: ['create', 'read', 'update'], employee: ['read'] } });
  hrRoleId = hr.roleId;
});

afterAll(async () => {
  await s.close();
});

describe('createUser: the grantable rule', () => {
  it('refuses a role with permissions the actor does not hold (403), writing nothing', async () => {
    const before = await userCount();
    await expect(createUser(s.db, hr, newUser('a@service.test', s.roles.administrator))).rejects.toMatchObject({
      code: 'users.roleNotGrantable',
      status: 403,
    });
    expect(await userCount()).toBe(before);
  });

  it('refuses an account type above the actor’s own', async () => {
    await expect(createUser(s.db, hr, newUser('b@service.test', hrRoleId, 'SuperAdmin'))).rejects.toMatchObject({
      code: 'users.onlySuperAdminCreates',
      status: 403,
    });
  });

  it('creates an account with a role the actor could grant', async () => {
    const created = await createUser(s.db, hr, newUser('c@service.test', hrRoleId));
    expect(created).toMatchObject({ email: 'c@service.test' });
  });

  it('the Administrator role is grantable by an account that holds it', async () => {
    await expect(createUser(s.db, s.admin, newUser('d@service.test', s.roles.administrator))).resolves.toMatchObject({ email: 'd@service.test' });
  });
});

describe('updateUser: the grantable rule', () => {
  it('refuses promoting an account to a role the actor could not grant, and keeps the stored role', async () => {
    const target = await s.addAccount({ email: 'target@service.test', accountType: 'Admin', roleId: hrRoleId });
    await expect(updateUser(s.db, hr, target.id, { role: s.roles.administrator })).rejects.toMatchObject({
      code: 'users.roleNotGrantable',
      status: 403,
    });
    const row = await s.db.selectFrom('users').select('roleId').where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(row.roleId).toBe(hrRoleId);
  });

  it('refuses editing at all a user whose role the actor could not grant', async () => {
    await expect(updateUser(s.db, hr, s.admin.id, { name: 'Renombrada' })).rejects.toMatchObject({ code: 'users.userNotEditable', status: 403 });
  });

  it('allows a change within the actor’s reach', async () => {
    const target = await s.addAccount({ email: 'target2@service.test', accountType: 'Admin', roleId: hrRoleId });
    const { data } = await updateUser(s.db, hr, target.id, { name: 'Nombre Nuevo' });
    expect(data).toMatchObject({ name: 'Nombre Nuevo' });
  });
});
