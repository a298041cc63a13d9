import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissions, type Permissions } from '../../src/domain/permissions/permissions.ts';
import { changedTables, dbSnapshot } from '../helpers/db-snapshot.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Issue 15, item 1 (decision 021): nobody gives a role, a permission or an account type they do
 * not hold themselves; nobody edits the role they hold; only a SuperAdmin changes another
 * administrator's email or password. Each attack is made by an Admin whose small role the
 * SuperAdmin created through the API, and each refusal must leave every table unchanged.
 */

let server: TestServer;
/** The demo SuperAdmin. */
let root: Client;
/** The demo manager: an Admin with the full Administrator role. */
let manager: Client;
let managerId: number;
let employeeUserId: number;
let administratorRoleId: number;
let employeeRoleId: number;

const PASSWORD = 'Limit#2026x';
let counter = 0;

async function json(res: Response) {
  return res.json();
}

async function signedIn(email: string, password: string, lang = 'en'): Promise<Client> {
  const c = new Client(server.url, lang);
  const res = await c.signIn(email, password);
  expect(res.status, `sign in ${email}`).toBe(200);
  return c;
}

/** A role made by the SuperAdmin, through the API. */
async function makeRole(permissions: Permissions, name = `Rol ${++counter}`): Promise<number> {
  const res = await root.post('/api/roles', { name, permissions });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return (await json(res)).data._id;
}

/** An Admin with a role holding only `permissions`, made by the SuperAdmin, signed in. */
async function limitedAdmin(permissions: Permissions, lang = 'en') {
  const roleId = await makeRole(permissions);
  const email = `limitado.${++counter}@demo.jornada`;
  const res = await root.post('/api/users', {
    name: `Limitado ${counter}`,
    email,
    role: roleId,
    status: 'enabled',
    accountType: 'Admin',
    company: 1,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  const id = (await json(res)).data._id as number;
  return { client: await signedIn(email, PASSWORD, lang), id, roleId, email };
}

/** Sends a request that must be refused with 403 and `code`, and proves nothing was written. */
async function refused(client: Client, method: string, path: string, body: unknown, code: string) {
  const before = dbSnapshot(server.dataDir);
  const res = await client.request(method, path, body);
  const answer = await json(res);
  expect(res.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBe(403);
  expect(answer.code, `${method} ${path}`).toBe(code);
  expect(changedTables(before, dbSnapshot(server.dataDir)), `${method} ${path} wrote`).toEqual([]);
  return answer;
}

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
  root = await signedIn('admin@demo.jornada', 'Demo#2026');
  manager = await signedIn('manager@demo.jornada', 'Demo#2026');
  const managerRecord = (await json(await root.get('/api/users?q=manager@demo&pageSize=1'))).data[0];
  managerId = managerRecord._id;
  administratorRoleId = managerRecord.role;
  const employeeRecord = (await json(await root.get('/api/users?q=employee@demo&pageSize=1'))).data[0];
  employeeUserId = employeeRecord._id;
  employeeRoleId = employeeRecord.role;
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('the three attacks of issue 15', () => {
  it('an Admin holding only user.update cannot move itself to the Administrator role', async () => {
    const limited = await limitedAdmin({ user: ['update'] });
    const answer = await refused(limited.client, 'PATCH', `/api/users/${limited.id}`, { role: administratorRoleId }, 'users.roleNotGrantable');
    expect(answer.message).toBe('You cannot give a role with permissions you do not hold yourself.');
    const es = new Client(server.url, 'es');
    es.cookie = limited.client.cookie;
    const answerEs = await refused(es, 'PATCH', `/api/users/${limited.id}`, { role: administratorRoleId }, 'users.roleNotGrantable');
    expect(answerEs.message).toBe('No puedes asignar un rol con permisos que tú no tienes.');
    expect((await json(await root.get(`/api/users/${limited.id}`))).data.role).toBe(limited.roleId);
    // Its own role is fine to keep (a PATCH that sends the full form).
    expect((await limited.client.request('PATCH', `/api/users/${limited.id}`, { name: 'Sigo igual', role: limited.roleId })).status).toBe(200);
  });

  it('an Admin holding only user.create cannot create an Admin with the Administrator role', async () => {
    const limited = await limitedAdmin({ user: ['create'] });
    const body = {
      name: 'Cómplice',
      email: 'complice@demo.jornada',
      role: administratorRoleId,
      status: 'enabled',
      accountType: 'Admin',
      company: 1,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    };
    await refused(limited.client, 'POST', '/api/users', body, 'users.roleNotGrantable');
    // A role it holds itself may be given.
    expect((await limited.client.post('/api/users', { ...body, role: limited.roleId })).status).toBe(201);
  });

  it('an Admin holding role.update cannot grant its own role every action', async () => {
    const limited = await limitedAdmin({ role: ['read', 'update'] });
    const answer = await refused(limited.client, 'PATCH', `/api/roles/${limited.roleId}`, { name: 'Todo', permissions: allPermissions() }, 'roles.cannotEditOwnRole');
    expect(answer.message).toBe('You cannot change or delete the role you hold yourself.');
    // Nor any role it could then be given, beyond what it holds.
    const other = await makeRole({ role: ['read'] });
    await refused(limited.client, 'PATCH', `/api/roles/${other}`, { name: 'Más', permissions: { role: ['read'], user: ['update'] } }, 'roles.permissionsNotGrantable');
    expect((await json(await root.get(`/api/roles/${limited.roleId}`))).data.permissions).toEqual({ role: ['read', 'update'] });
    // Within what it holds, editing another role works.
    expect((await limited.client.request('PATCH', `/api/roles/${other}`, { name: 'Lectura', permissions: { role: ['read', 'update'] } })).status).toBe(200);
  });
});

describe('roles: only what one holds', () => {
  it('an Admin cannot create a role with permissions it does not hold', async () => {
    const limited = await limitedAdmin({ role: ['create', 'read'], employee: ['read'] });
    await refused(limited.client, 'POST', '/api/roles', { name: 'Amplio', permissions: { employee: ['read', 'update'] } }, 'roles.permissionsNotGrantable');
    expect((await limited.client.post('/api/roles', { name: 'Estrecho', permissions: { employee: ['read'] } })).status).toBe(201);
  });

  it('an Admin cannot edit or delete a role with permissions it does not hold, nor delete its own', async () => {
    const limited = await limitedAdmin({ role: ['read', 'update', 'delete'] });
    const wide = await makeRole({ role: ['read'], user: ['create', 'update'] });
    await refused(limited.client, 'PATCH', `/api/roles/${wide}`, { name: 'Recortado', permissions: { role: ['read'] } }, 'roles.roleNotEditable');
    await refused(limited.client, 'DELETE', `/api/roles/${wide}`, undefined, 'roles.roleNotEditable');
    await refused(limited.client, 'PATCH', `/api/roles/${administratorRoleId}`, { name: 'Administrator', permissions: {} }, 'roles.roleNotEditable');
    await refused(limited.client, 'DELETE', `/api/roles/${limited.roleId}`, undefined, 'roles.cannotEditOwnRole');
  });

  it('the full Administrator role manages roles it holds but not its own; the SuperAdmin edits the Administrator role', async () => {
    await refused(manager, 'PATCH', `/api/roles/${administratorRoleId}`, { name: 'Administrator', permissions: allPermissions() }, 'roles.cannotEditOwnRole');
    const created = await manager.post('/api/roles', { name: 'Del encargado', permissions: allPermissions() });
    expect(created.status).toBe(201);
    const id = (await json(created)).data._id;
    expect((await manager.request('PATCH', `/api/roles/${id}`, { name: 'Del encargado 2', permissions: { report: ['read'] } })).status).toBe(200);
    expect((await manager.request('DELETE', `/api/roles/${id}`)).status).toBe(200);
    expect((await root.request('PATCH', `/api/roles/${administratorRoleId}`, { name: 'Administrator', permissions: allPermissions() })).status).toBe(200);
  });
});

describe('users: only what one holds', () => {
  it('an Admin cannot edit or delete a user whose role it could not grant', async () => {
    const limited = await limitedAdmin({ user: ['read', 'update', 'delete'] });
    await refused(limited.client, 'PATCH', `/api/users/${managerId}`, { name: 'Renombrado' }, 'users.userNotEditable');
    await refused(limited.client, 'PATCH', `/api/users/${managerId}`, { status: 'disabled' }, 'users.userNotEditable');
    await refused(limited.client, 'DELETE', `/api/users/${managerId}`, undefined, 'users.userNotEditable');
    const page = await limited.client.get(`/users-edit/${managerId}`);
    expect(page.status).toBe(403);
    expect(await page.text()).toContain('You cannot change a user whose role or account type gives more than you hold yourself.');
  });

  it('only a SuperAdmin changes another administrator’s email or password; an Employee account’s is HR work', async () => {
    const other = await limitedAdmin({ report: ['read'] });
    await refused(manager, 'PATCH', `/api/users/${other.id}`, { email: 'robada@demo.jornada' }, 'users.onlySuperAdminChangesCredentials');
    const answer = await refused(manager, 'PATCH', `/api/users/${other.id}`, { password: 'Robada#2026x', confirmPassword: 'Robada#2026x' }, 'users.onlySuperAdminChangesCredentials');
    expect(answer.message).toBe('Only a super administrator can change the email or password of another administrator.');
    // Other changes to that administrator are still the manager's to make; so is an Employee's password.
    expect((await manager.request('PATCH', `/api/users/${other.id}`, { name: 'Renombrada' })).status).toBe(200);
    expect((await manager.request('PATCH', `/api/users/${employeeUserId}`, { password: 'Nueva#2026x', confirmPassword: 'Nueva#2026x' })).status).toBe(200);
    await signedIn('employee@demo.jornada', 'Nueva#2026x');
    expect((await root.request('PATCH', `/api/users/${other.id}`, { email: 'nueva@demo.jornada' })).status).toBe(200);
  });

  it('an Employee account is not above an Admin: an Admin with the full role still manages Employee users', async () => {
    expect(employeeRoleId).toBeGreaterThan(0);
    expect((await manager.request('PATCH', `/api/users/${employeeUserId}`, { status: 'enabled', role: employeeRoleId })).status).toBe(200);
  });
});
