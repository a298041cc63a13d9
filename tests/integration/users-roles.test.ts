import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../helpers/accounts.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

let server: TestServer;
/** The first-run SuperAdmin. */
let root: Client;
let rootEs: Client;
/** Admin with the default Administrator role (every permission). */
let admin: Client;
/** Admin whose role has no user.* and no role.* permission. */
let outsider: Client;
let employee: Client;
let rootId: number;
let adminId: number;
let administratorRoleId: number;
let employeeRoleId: number;
let companyId: number;

const body = async (res: Response) => res.json();
const PASSWORD = 'Good#Pass1';

function client(lang = 'en', from?: Client): Client {
  const c = new Client(server.url, lang);
  if (from) c.cookie = from.cookie;
  return c;
}

async function signedIn(email: string, password: string, lang = 'en'): Promise<Client> {
  const c = client(lang);
  const res = await c.signIn(email, password);
  expect(res.status, `sign in ${email}`).toBe(200);
  return c;
}

/** A valid create body; override what a test is about. */
function newUser(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Lucía Prieto',
    email: `lucia.${Math.random().toString(36).slice(2, 8)}@sur.es`,
    role: administratorRoleId,
    status: 'enabled',
    accountType: 'Admin',
    company: companyId,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...overrides,
  };
}

async function createUser(overrides: Record<string, unknown> = {}) {
  const input = newUser(overrides);
  const res = await root.post('/api/users', input);
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return { ...(await body(res)).data, password: input.password as string };
}

const readDb = <T>(query: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, query, ...params);

beforeAll(async () => {
  server = await startServer();
  root = client();
  const res = await root.post('/api/sign-up', { company: 'Bodega Sur', full_name: 'Rafa León', email: 'rafa@sur.es', password: 'Rafa#2026' });
  expect(res.status).toBe(201);
  rootId = (await body(res)).user._id;
  rootEs = client('es', root);
  adminId = await addAccount(server.dataDir, { email: 'ana@sur.es', password: 'Ana#20266', accountType: 'Admin' });
  await addAccount(server.dataDir, {
    email: 'otro@sur.es',
    password: 'Otro#2026',
    accountType: 'Admin',
    permissions: { department: ['read'], employee: ['read'] },
  });
  await addAccount(server.dataDir, { email: 'staff@sur.es', password: 'Staff#2026', accountType: 'Employee' });
  admin = await signedIn('ana@sur.es', 'Ana#20266');
  outsider = await signedIn('otro@sur.es', 'Otro#2026');
  employee = await signedIn('staff@sur.es', 'Staff#2026');
  const roles = (await body(await root.get('/api/roles?sort=name'))).data as Array<{ _id: number; name: string; company: number }>;
  administratorRoleId = roles.find((r) => r.name === 'Administrator')!._id;
  employeeRoleId = roles.find((r) => r.name === 'Employee')!._id;
  companyId = roles.find((r) => r.name === 'Administrator')!.company;
});
afterAll(async () => {
  await server?.stop();
});

describe('roles API', () => {
  it('lists roles with their permissions and how many users have them, searched, sorted and paged', async () => {
    const list = await body(await root.get('/api/roles?sort=name'));
    // Administrator, Employee, Representatives (decision 036) and the outsider's role.
    expect(list.total).toBe(4);
    const administrator = list.data.find((r: any) => r.name === 'Administrator');
    expect(administrator).toMatchObject({ isDefault: true, users: 2, companyName: 'Bodega Sur' });
    expect(administrator.permissions.role).toEqual(['create', 'read', 'update', 'delete', 'archive']);
    expect((await body(await root.get('/api/roles?q=employ'))).data.map((r: any) => r.name)).toEqual(['Employee']);
    const page = await body(await root.get('/api/roles?sort=name&dir=desc&pageSize=1&page=3'));
    expect(page.total).toBe(4);
    expect(page.data.map((r: any) => r.name)).toEqual(['Employee']);
    expect((await body(await root.get('/api/roles?sort=users&dir=desc'))).data[0].name).toBe('Administrator');
  });

  it('creates a role with normalised permissions: 201 {data, message}', async () => {
    const res = await root.post('/api/roles', {
      name: '  Encargado  ',
      permissions: { department: ['read', 'create', 'read', 'fly'], spaceships: ['read'], employee: [], leave: ['update', 'read'] },
      company: String(companyId),
    });
    expect(res.status).toBe(201);
    const answer = await body(res);
    expect(answer.message).toBe('Changes saved!');
    expect(answer.data).toMatchObject({
      name: 'Encargado',
      permissions: { department: ['create', 'read'], leave: ['read', 'update'] },
      company: companyId,
      isDefault: false,
      users: 0,
    });
    const fetched = await body(await root.get(`/api/roles/${answer.data._id}`));
    expect(fetched.data.permissions).toEqual({ department: ['create', 'read'], leave: ['read', 'update'] });
    const global = await body(await root.post('/api/roles', { name: 'Auditor', permissions: { report: ['read'] } }));
    expect(global.data).toMatchObject({ company: null, companyName: null });
  });

  it('says "Please fill out all fields" in English and Spanish and refuses bad references', async () => {
    const en = await root.post('/api/roles', { name: ' ', permissions: {} });
    expect(en.status).toBe(422);
    expect(await body(en)).toMatchObject({ message: 'Please fill out all fields', errors: { name: 'Please fill out all fields' } });
    const es = await rootEs.post('/api/roles', { permissions: {} });
    expect(await body(es)).toMatchObject({ message: 'Por favor, rellena todos los campos', errors: { name: 'Por favor, rellena todos los campos' } });
    const company = await root.post('/api/roles', { name: 'X', company: 9999 });
    expect((await body(company)).errors.company).toBe('This record does not exist (it may have been deleted)');
    const perms = await root.post('/api/roles', { name: 'X', permissions: ['user.read'] });
    expect((await body(perms)).errors.permissions).toBe('Permissions must list, for each area, the actions it allows.');
    expect((await body(await root.get('/api/roles?q=X'))).total).toBe(0);
  });

  it('edits any role, default ones included, and answers 404 for unknown ids', async () => {
    const created = (await body(await root.post('/api/roles', { name: 'Temporal', permissions: {} }))).data;
    const res = await root.request('PATCH', `/api/roles/${created._id}`, { name: 'Temporal 2', permissions: { schedule: ['read'] } });
    expect(res.status).toBe(200);
    expect((await body(res)).data).toMatchObject({ name: 'Temporal 2', permissions: { schedule: ['read'] } });
    const def = await root.request('PATCH', `/api/roles/${employeeRoleId}`, { name: 'Employee', permissions: { attendance: ['read'], schedule: ['read'], leave: ['create', 'read', 'update'], dashboard: ['read'] } });
    expect(def.status).toBe(200);
    expect((await body(def)).data.isDefault).toBe(true);
    expect((await root.get('/api/roles/99999')).status).toBe(404);
    expect((await root.get('/api/roles/abc')).status).toBe(404);
    expect((await root.request('PATCH', '/api/roles/99999', { name: 'x' })).status).toBe(404);
    expect((await root.request('DELETE', `/api/roles/${created._id}`)).status).toBe(200);
    expect((await root.get(`/api/roles/${created._id}`)).status).toBe(404);
  });

  it('refuses to delete a role that users have, with a clear message in both languages', async () => {
    const en = await root.request('DELETE', `/api/roles/${administratorRoleId}`);
    expect(en.status).toBe(409);
    expect((await body(en)).message).toBe('Users still have this role. Give them another role first.');
    const es = await rootEs.request('DELETE', `/api/roles/${employeeRoleId}`);
    expect(es.status).toBe(409);
    expect((await body(es)).message).toBe('Hay usuarios con este rol. Asígnales otro rol primero.');
    expect((await root.get(`/api/roles/${administratorRoleId}`)).status).toBe(200);
  });

  it('the Administrator role may use every endpoint; a role without role.* gets the denial message; so does an employee', async () => {
    const created = await admin.post('/api/roles', { name: 'De Ana', permissions: { report: ['read'] } });
    expect(created.status).toBe(201);
    const id = (await body(created)).data._id;
    expect((await admin.get('/api/roles')).status).toBe(200);
    expect((await admin.get(`/api/roles/${id}`)).status).toBe(200);
    expect((await admin.request('PATCH', `/api/roles/${id}`, { name: 'De Ana 2' })).status).toBe(200);
    expect((await admin.request('DELETE', `/api/roles/${id}`)).status).toBe(200);

    const calls: Array<[string, string, string]> = [
      ['GET', '/api/roles', 'You do not have permission to view user roles.'],
      ['POST', '/api/roles', 'You do not have permission to create user roles.'],
      ['GET', `/api/roles/${employeeRoleId}`, 'You do not have permission to view user roles.'],
      ['PATCH', `/api/roles/${employeeRoleId}`, 'You do not have permission to edit user roles.'],
      ['DELETE', `/api/roles/${employeeRoleId}`, 'You do not have permission to delete user roles.'],
    ];
    for (const [method, url, message] of calls) {
      const res = await outsider.request(method, url, method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect((await body(res)).message).toBe(message);
      expect((await employee.request(method, url, method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' })).status).toBe(403);
    }
    const es = client('es', outsider);
    expect((await body(await es.get('/api/roles'))).message).toBe('No tienes permiso para ver roles de usuario.');
  });
});

describe('users API: validation', () => {
  it('names every missing field', async () => {
    const res = await root.post('/api/users', {});
    expect(res.status).toBe(422);
    const { message, errors } = await body(res);
    expect(message).toBe('Please check the highlighted fields');
    for (const field of ['name', 'email', 'role', 'status', 'accountType', 'password', 'confirmPassword']) {
      expect(errors[field], field).toBe('This field is required');
    }
    const es = await body(await rootEs.post('/api/users', {}));
    expect(es.errors.accountType).toBe('Este campo es obligatorio');
  });

  it('gives each missing password class its own message, in English and Spanish', async () => {
    const cases: Array<[string, string, string]> = [
      ['Ab1!', 'Password must be at least 8 characters', 'La contraseña debe tener al menos 8 caracteres'],
      ['Abcdefg!h', 'Password must contain at least one number', 'La contraseña debe contener al menos un número'],
      ['ABCDEFG1!', 'Password must contain at least one lowercase letter', 'La contraseña debe contener al menos una letra minúscula'],
      ['abcdefg1!', 'Password must contain at least one uppercase letter', 'La contraseña debe contener al menos una letra mayúscula'],
      ['Abcdefg12', 'Password must contain at least one special character', 'La contraseña debe contener al menos un carácter especial'],
    ];
    for (const [password, en, es] of cases) {
      const resEn = await body(await root.post('/api/users', newUser({ password, confirmPassword: password })));
      expect(resEn.errors, password).toEqual({ password: en });
      expect(resEn.message).toBe(en);
      const resEs = await body(await rootEs.post('/api/users', newUser({ password, confirmPassword: password })));
      expect(resEs.errors.password, password).toBe(es);
    }
  });

  it('requires the confirmation to match, a valid and unused email, an existing role, and an employee for Employee accounts', async () => {
    const mismatch = await body(await root.post('/api/users', newUser({ confirmPassword: 'Good#Pass2' })));
    expect(mismatch.errors).toEqual({ confirmPassword: 'Passwords must match' });
    expect((await body(await rootEs.post('/api/users', newUser({ confirmPassword: 'x' })))).errors.confirmPassword).toBe('Las contraseñas deben coincidir');

    const invalid = await root.post('/api/users', newUser({ email: 'lucia@' }));
    expect(invalid.status).toBe(422);
    expect(await body(invalid)).toMatchObject({ message: 'Invalid email address', errors: { email: 'Invalid email address' } });
    expect((await body(await rootEs.post('/api/users', newUser({ email: 'no-es-correo' })))).errors.email).toBe('Dirección de correo electrónico no válida');

    const duplicate = await root.post('/api/users', newUser({ email: '  RAFA@Sur.ES ' }));
    expect(duplicate.status).toBe(422);
    expect((await body(duplicate)).errors).toEqual({ email: 'A user with this email already exists.' });
    expect((await body(await rootEs.post('/api/users', newUser({ email: 'ana@sur.es' })))).errors.email).toBe('Ya existe un usuario con este correo electrónico.');

    expect((await body(await root.post('/api/users', newUser({ role: 9999 })))).errors).toEqual({ role: 'This record does not exist (it may have been deleted)' });
    expect((await body(await root.post('/api/users', newUser({ status: 'sleeping', accountType: 'Owner' })))).errors).toEqual({
      status: 'Choose one of the options',
      accountType: 'Choose one of the options',
    });
    const noEmployee = await body(await root.post('/api/users', newUser({ accountType: 'Employee', role: employeeRoleId })));
    expect(noEmployee.errors).toEqual({ employee: 'Choose the employee this account belongs to.' });
    const unknownEmployee = await body(await root.post('/api/users', newUser({ accountType: 'Employee', role: employeeRoleId, employee: 4242 })));
    expect(unknownEmployee.errors).toEqual({ employee: 'This record does not exist (it may have been deleted)' });
    expect(readDb("select id from users where name = 'Lucía Prieto'")).toEqual([]);
  });
});

describe('users API: records', () => {
  it('creates a user who can then sign in; answers never carry the password hash', async () => {
    const res = await root.post('/api/users', newUser({ name: 'Marta Gil', email: 'Marta@Sur.es' }));
    expect(res.status).toBe(201);
    const text = await res.text();
    expect(text).not.toMatch(/passwordHash|password|argon2/);
    const answer = JSON.parse(text);
    expect(answer.message).toBe('User created successfully!');
    expect(answer.data).toMatchObject({
      name: 'Marta Gil',
      email: 'marta@sur.es',
      role: administratorRoleId,
      roleName: 'Administrator',
      status: 'enabled',
      accountType: 'Admin',
      company: companyId,
      companyName: 'Bodega Sur',
      employee: null,
      employeeName: null,
      lastSignInAt: null,
    });
    const marta = await signedIn('marta@sur.es', PASSWORD);
    expect((await body(await marta.get('/api/me'))).user.email).toBe('marta@sur.es');
    const again = await body(await root.get(`/api/users/${answer.data._id}`));
    expect(again.data.lastSignInAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('lists with search, filters, sort and pagination, including role name and last sign-in', async () => {
    await createUser({ name: 'Zoe Off', email: 'zoe@sur.es', status: 'disabled', role: employeeRoleId });
    const all = await root.get('/api/users?pageSize=100');
    const allText = await all.text();
    expect(allText).not.toMatch(/passwordHash|argon2/);
    const list = JSON.parse(allText);
    expect(list.total).toBeGreaterThanOrEqual(6);
    expect(list.data[0]).toHaveProperty('roleName');
    expect(list.data[0]).toHaveProperty('employeeName');
    expect(list.data[0]).toHaveProperty('lastSignInAt');
    expect((await body(await root.get('/api/users?q=marta'))).data.map((u: any) => u.email)).toEqual(['marta@sur.es']);
    expect((await body(await root.get('/api/users?q=SUR.ES&pageSize=2'))).data).toHaveLength(2);
    const disabled = await body(await root.get('/api/users?status=disabled'));
    expect(disabled.data.map((u: any) => u.email)).toEqual(['zoe@sur.es']);
    const byRole = await body(await root.get(`/api/users?role=${employeeRoleId}`));
    expect(byRole.data.map((u: any) => u.email).sort()).toEqual(['staff@sur.es', 'zoe@sur.es']);
    const employees = await body(await root.get('/api/users?accountType=Employee'));
    expect(employees.data.map((u: any) => u.email)).toEqual(['staff@sur.es']);
    const supers = await body(await root.get('/api/users?accountType=SuperAdmin'));
    expect(supers.data.map((u: any) => u.email)).toEqual(['rafa@sur.es']);
    const byEmail = await body(await root.get('/api/users?sort=email&dir=desc&pageSize=1'));
    expect(byEmail.data[0].email).toBe('zoe@sur.es');
    const bySignIn = await body(await root.get('/api/users?sort=lastSignInAt&dir=desc&pageSize=100'));
    expect(bySignIn.data.at(-1).lastSignInAt).toBeNull();
    expect(bySignIn.data[0].lastSignInAt).not.toBeNull();
    expect((await root.get('/api/users?page=-1&pageSize=x&sort=passwordHash')).status).toBe(200);
  });

  it('updates only what a PATCH sends, validates a new password and answers 404 for unknown ids', async () => {
    const user = await createUser({ name: 'Pablo Ruiz' });
    const renamed = await root.request('PATCH', `/api/users/${user._id}`, { name: 'Pablo Ruiz Gómez' });
    expect(renamed.status).toBe(200);
    expect(await body(renamed)).toMatchObject({ message: 'User updated successfully!', data: { name: 'Pablo Ruiz Gómez', email: user.email, role: administratorRoleId } });
    const weak = await body(await root.request('PATCH', `/api/users/${user._id}`, { password: 'abcdefg1!', confirmPassword: 'abcdefg1!' }));
    expect(weak.errors).toEqual({ password: 'Password must contain at least one uppercase letter' });
    const mismatch = await body(await root.request('PATCH', `/api/users/${user._id}`, { password: 'New#Pass12', confirmPassword: 'New#Pass13' }));
    expect(mismatch.errors).toEqual({ confirmPassword: 'Passwords must match' });
    const taken = await body(await root.request('PATCH', `/api/users/${user._id}`, { email: 'ANA@sur.es' }));
    expect(taken.errors).toEqual({ email: 'A user with this email already exists.' });
    expect((await root.request('PATCH', `/api/users/${user._id}`, { email: user.email.toUpperCase() })).status).toBe(200);
    expect((await root.get('/api/users/99999')).status).toBe(404);
    expect((await root.get('/api/users/0')).status).toBe(404);
    expect((await root.request('PATCH', '/api/users/99999', { name: 'x' })).status).toBe(404);
    expect((await root.request('DELETE', '/api/users/99999')).status).toBe(404);
  });

  it('a password change ends the user’s sessions; the new password works', async () => {
    const user = await createUser();
    const session = await signedIn(user.email, user.password);
    expect((await session.get('/api/me')).status).toBe(200);
    expect((await root.request('PATCH', `/api/users/${user._id}`, { password: 'Fresh#Pass9', confirmPassword: 'Fresh#Pass9' })).status).toBe(200);
    expect((await session.get('/api/me')).status).toBe(401);
    expect((await client().signIn(user.email, user.password)).status).toBe(401);
    await signedIn(user.email, 'Fresh#Pass9');
  });

  it('disabling a user ends their sessions at once; enabling does not revive old ones', async () => {
    const user = await createUser();
    const session = await signedIn(user.email, user.password);
    const bearer = (await body(await client().signIn(user.email, user.password))).accessToken;
    expect((await session.get('/api/me')).status).toBe(200);
    const off = await root.request('PATCH', `/api/users/${user._id}`, { status: 'disabled' });
    expect(off.status).toBe(200);
    expect((await session.get('/api/me')).status).toBe(401);
    expect((await client().get('/api/me', { authorization: `Bearer ${bearer}` })).status).toBe(401);
    expect((await client().signIn(user.email, user.password)).status).not.toBe(200);
    expect((await root.request('PATCH', `/api/users/${user._id}`, { status: 'enabled' })).status).toBe(200);
    expect((await client().get('/api/me', { authorization: `Bearer ${bearer}` })).status).toBe(401);
    await signedIn(user.email, user.password);
  });

  it('a new account type ends sessions; a new role does not, and applies on the next request', async () => {
    const user = await createUser();
    const session = await signedIn(user.email, user.password);
    expect((await session.get('/api/departments')).status).toBe(200);
    const limited = (await body(await root.post('/api/roles', { name: 'Solo empleados', permissions: { employee: ['read'] } }))).data;
    expect((await root.request('PATCH', `/api/users/${user._id}`, { role: limited._id })).status).toBe(200);
    expect((await session.get('/api/me')).status).toBe(200);
    const denied = await session.get('/api/departments');
    expect(denied.status).toBe(403);
    expect((await body(denied)).message).toBe('You do not have permission to view departments.');
    // The role itself gains department.read: the same session may list departments now.
    expect((await root.request('PATCH', `/api/roles/${limited._id}`, { name: 'Solo empleados', permissions: { employee: ['read'], department: ['read'] } })).status).toBe(200);
    expect((await session.get('/api/departments')).status).toBe(200);
    expect((await body(await session.get('/api/me'))).user.role).toEqual({ employee: ['read'], department: ['read'] });

    expect((await root.request('PATCH', `/api/users/${user._id}`, { accountType: 'SuperAdmin' })).status).toBe(200);
    expect((await session.get('/api/me')).status).toBe(401);
    expect((await root.request('DELETE', `/api/users/${user._id}`)).status).toBe(200);
  });

  it('deletes a user with a message; their session ends; nobody deletes themself', async () => {
    const user = await createUser();
    const session = await signedIn(user.email, user.password);
    const res = await admin.request('DELETE', `/api/users/${user._id}`);
    expect(res.status).toBe(200);
    expect((await body(res)).message).toBe('User deleted successfully!');
    expect((await session.get('/api/me')).status).toBe(401);
    expect((await root.get(`/api/users/${user._id}`)).status).toBe(404);
    const self = await admin.request('DELETE', `/api/users/${adminId}`);
    expect(self.status).toBe(409);
    expect((await body(self)).message).toBe('You cannot delete your own account.');
    const selfEs = await client('es', admin).request('DELETE', `/api/users/${adminId}`);
    expect((await body(selfEs)).message).toBe('No puedes eliminar tu propia cuenta.');
    const disableSelf = await admin.request('PATCH', `/api/users/${adminId}`, { status: 'disabled' });
    expect(disableSelf.status).toBe(409);
    expect((await body(disableSelf)).message).toBe('You cannot disable your own account.');
  });
});

describe('users API: super administrators', () => {
  it('only a SuperAdmin creates, promotes, edits or deletes a SuperAdmin', async () => {
    const create = await admin.post('/api/users', newUser({ accountType: 'SuperAdmin' }));
    expect(create.status).toBe(403);
    expect((await body(create)).message).toBe('Only a super administrator can create another super administrator.');
    const es = await client('es', admin).post('/api/users', newUser({ accountType: 'SuperAdmin' }));
    expect((await body(es)).message).toBe('Solo un superadministrador puede crear otro superadministrador.');

    const plain = await createUser();
    const promote = await admin.request('PATCH', `/api/users/${plain._id}`, { accountType: 'SuperAdmin' });
    expect(promote.status).toBe(403);
    expect((await body(promote)).message).toBe('Only a super administrator can make someone a super administrator.');
    const promoteSelf = await admin.request('PATCH', `/api/users/${adminId}`, { accountType: 'SuperAdmin' });
    expect(promoteSelf.status).toBe(403);

    const edit = await admin.request('PATCH', `/api/users/${rootId}`, { name: 'Hacked' });
    expect(edit.status).toBe(403);
    expect((await body(edit)).message).toBe('Only a super administrator can edit a super administrator.');
    const del = await admin.request('DELETE', `/api/users/${rootId}`);
    expect(del.status).toBe(403);
    expect((await body(del)).message).toBe('Only a super administrator can delete a super administrator.');
    expect((await body(await root.get(`/api/users/${rootId}`))).data).toMatchObject({ name: 'Rafa León', accountType: 'SuperAdmin' });

    const second = await createUser({ accountType: 'SuperAdmin', name: 'Segunda' });
    expect(second.accountType).toBe('SuperAdmin');
    expect((await root.request('PATCH', `/api/users/${plain._id}`, { accountType: 'SuperAdmin' })).status).toBe(200);
    expect((await root.request('DELETE', `/api/users/${plain._id}`)).status).toBe(200);
    expect((await root.request('DELETE', `/api/users/${second._id}`)).status).toBe(200);
  });

  it('the last enabled SuperAdmin cannot be disabled or demoted', async () => {
    const demote = await root.request('PATCH', `/api/users/${rootId}`, { accountType: 'Admin' });
    expect(demote.status).toBe(409);
    expect((await body(demote)).message).toBe('This is the last enabled super administrator, so it cannot be disabled, demoted or deleted. Enable or create another super administrator first.');
    const disable = await rootEs.request('PATCH', `/api/users/${rootId}`, { status: 'disabled' });
    expect(disable.status).toBe(409);
    expect((await body(disable)).message).toBe('Es el último superadministrador activado: no se puede desactivar, cambiar de tipo ni eliminar. Activa o crea otro superadministrador primero.');
    // With a second enabled SuperAdmin the first may step down; the second then cannot.
    const second = await createUser({ accountType: 'SuperAdmin', name: 'Relevo' });
    const secondSession = await signedIn(second.email, second.password);
    const disabledSecond = await root.request('PATCH', `/api/users/${second._id}`, { status: 'disabled' });
    expect(disabledSecond.status).toBe(200);
    expect((await root.request('PATCH', `/api/users/${rootId}`, { accountType: 'Admin' })).status).toBe(409);
    expect((await root.request('PATCH', `/api/users/${second._id}`, { status: 'enabled' })).status).toBe(200);
    const relevo = await signedIn(second.email, second.password);
    expect((await secondSession.get('/api/me')).status).toBe(401);
    const stepDown = await relevo.request('PATCH', `/api/users/${rootId}`, { accountType: 'Admin' });
    expect(stepDown.status).toBe(200);
    expect((await root.get('/api/me')).status).toBe(401);
    const last = await relevo.request('PATCH', `/api/users/${second._id}`, { accountType: 'Admin' });
    expect(last.status).toBe(409);
    // Put things back for the tests that follow.
    expect((await relevo.request('PATCH', `/api/users/${rootId}`, { accountType: 'SuperAdmin' })).status).toBe(200);
    root = await signedIn('rafa@sur.es', 'Rafa#2026');
    rootEs = client('es', root);
    expect((await root.request('DELETE', `/api/users/${second._id}`)).status).toBe(200);
  });
});

describe('users API: permissions and audit', () => {
  it('the Administrator role may use every endpoint', async () => {
    const created = await admin.post('/api/users', newUser());
    expect(created.status).toBe(201);
    const id = (await body(created)).data._id;
    expect((await admin.get('/api/users')).status).toBe(200);
    expect((await admin.get(`/api/users/${id}`)).status).toBe(200);
    expect((await admin.request('PATCH', `/api/users/${id}`, { status: 'disabled' })).status).toBe(200);
    expect((await admin.request('DELETE', `/api/users/${id}`)).status).toBe(200);
  });

  it('a role without user.* gets the denial message on each endpoint; an employee gets 403', async () => {
    const calls: Array<[string, string, string]> = [
      ['GET', '/api/users', 'You do not have permission to view users.'],
      ['POST', '/api/users', 'You do not have permission to create users.'],
      ['GET', `/api/users/${adminId}`, 'You do not have permission to view users.'],
      ['PATCH', `/api/users/${adminId}`, 'You do not have permission to edit users.'],
      ['DELETE', `/api/users/${adminId}`, 'You do not have permission to delete users.'],
    ];
    for (const [method, url, message] of calls) {
      const payload = method === 'POST' || method === 'PATCH' ? newUser() : undefined;
      const res = await outsider.request(method, url, payload);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect((await body(res)).message).toBe(message);
      expect((await employee.request(method, url, payload)).status, `employee ${method} ${url}`).toBe(403);
    }
    expect((await body(await client('es', outsider).get('/api/users'))).message).toBe('No tienes permiso para ver usuarios.');
    expect((await client().get('/api/users')).status).toBe(401);
    expect((await body(await root.get(`/api/users/${adminId}`))).data.status).toBe('enabled');
  });

  it('the pages: /users opens for anyone in the admin area and shows the denial text in place of the table', async () => {
    const page = await outsider.get('/users');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('You do not have permission to view users.');
    expect(html).toContain('You do not have permission to view user roles.');
    expect((await outsider.get('/users-create')).headers.get('location')).toBe('/access-denied');
    expect((await outsider.get(`/users-edit/${adminId}`)).headers.get('location')).toBe('/access-denied');
    const missing = await root.get('/users-edit/99999');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('This user does not exist (it may have been deleted).');
    const superRecord = await admin.get(`/users-edit/${rootId}`);
    expect(superRecord.status).toBe(403);
    expect(await superRecord.text()).toContain('Only a super administrator can edit a super administrator.');
    const form = await admin.get(`/users-edit/${adminId}`);
    expect(form.status).toBe(200);
    expect(await form.text()).not.toMatch(/argon2|passwordHash/);
  });

  it('writes an audit entry for every change, without secrets', async () => {
    const rows = readDb<{ entity: string; action: string; before: string | null; after: string | null }>("select entity, action, before, after from audit_log where entity in ('user', 'role')");
    const kinds = new Set(rows.map((r) => `${r.entity}:${r.action}`));
    for (const kind of ['user:create', 'user:update', 'user:delete', 'role:create', 'role:update', 'role:delete']) expect(kinds, kind).toContain(kind);
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/argon2|Good#Pass1|Fresh#Pass9|passwordHash/);
    expect(rows.some((r) => r.action === 'update' && r.after?.includes('"sessionsEnded":true'))).toBe(true);
  });

  it('changing one’s own password here keeps this session and ends the others', async () => {
    const other = await signedIn('rafa@sur.es', 'Rafa#2026');
    const res = await root.request('PATCH', `/api/users/${rootId}`, { password: 'Rafa#2027', confirmPassword: 'Rafa#2027' });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('token='))).toBe(true);
    expect((await root.get('/api/me')).status).toBe(200);
    expect((await other.get('/api/me')).status).toBe(401);
  });
});
