import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../helpers/http-client.ts';
import { rawPost } from '../helpers/raw-post.ts';
import { addFailingTrigger } from '../helpers/failing-trigger.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

let server: TestServer;
let admin: Client;
let adminEs: Client;
let employeeUser: Client;

/** The demo data set's organisation (seed-demo-data.ts). */
const COMPANY = 'Panadería La Espiga';

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  adminEs = new Client(server.url, 'es');
  adminEs.cookie = admin.cookie;
  employeeUser = new Client(server.url);
  expect((await employeeUser.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
});

const HEADER = ['firstName', 'lastName', 'gender', 'email', 'nationalId', 'company', 'department', 'jobTitle', 'leaveGroup', 'employmentType', 'pin', 'rfidCard'];

interface Person {
  firstName?: string;
  lastName?: string;
  gender?: string;
  email?: string;
  nationalId?: string;
  company?: string;
  department?: string;
  jobTitle?: string;
  leaveGroup?: string;
  employmentType?: string;
  pin?: string;
  rfidCard?: string;
}

let serial = 0;
/** A valid person of the demo company with a fresh national ID and PIN. */
function person(over: Person = {}): Person {
  serial += 1;
  return {
    firstName: `Nombre${serial}`,
    lastName: `Importado Prueba${serial}`,
    gender: 'female',
    email: `persona${serial}@example.es`,
    nationalId: `Y${String(7000000 + serial)}K`,
    company: COMPANY,
    department: 'Tienda',
    jobTitle: 'Dependiente',
    leaveGroup: 'General',
    employmentType: 'regular',
    pin: String(700000 + serial),
    rfidCard: '',
    ...over,
  };
}

function csv(people: Person[], delimiter = ',', newline = '\n'): string {
  const quote = (s: string) => (/[",;\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return [HEADER.join(delimiter), ...people.map((p) => HEADER.map((h) => quote(p[h as keyof Person] ?? '')).join(delimiter))].join(newline) + newline;
}

async function employeeCount(): Promise<number> {
  return (await (await admin.get('/api/employees?pageSize=1')).json()).total;
}

const query = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, text, ...params);
const countOf = (text: string, ...params: unknown[]): number => query<{ n: number }>(text, ...params)[0]!.n;

describe('POST /api/employees/import', () => {
  it('imports a valid file: every row, references by name without regard to case, PINs only as keys, one audit entry', async () => {
    const before = await employeeCount();
    const people = [person(), person({ department: 'tienda', jobTitle: 'DEPENDIENTE', company: COMPANY.toUpperCase() }), person({ gender: 'Hombre', employmentType: 'En prácticas', rfidCard: 'IMPORT-CARD-1' })];
    const res = await admin.post('/api/employees/import', { csv: csv(people) });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ message: 'Employees imported: 3', created: 3 });
    expect(await employeeCount()).toBe(before + 3);

    const found = await (await admin.get(`/api/employees?q=${encodeURIComponent(people[2]!.lastName!)}`)).json();
    expect(found.total).toBe(1);
    expect(found.data[0]).toMatchObject({ gender: 'male', employmentType: 'trainee', departmentName: 'Tienda', jobTitleName: 'Dependiente', companyName: COMPANY, rfidCard: 'IMPORT-CARD-1', status: 'active' });

    const keys = query<{ pin_key: string }>('select pin_key from employees where national_id in (?,?,?)', ...people.map((p) => p.nationalId));
    const audit = query<{ user_id: number; entity_id: string | null; after: string }>("select user_id, entity_id, after from audit_log where entity = 'employee' and action = 'import'");
    expect(keys).toHaveLength(3);
    for (const k of keys) expect(k.pin_key).toMatch(/^[0-9a-f]{64}$/);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.user_id).toBeGreaterThan(0);
    expect(JSON.parse(audit[0]!.after)).toMatchObject({ count: 3 });
    for (const p of people) expect(audit[0]!.after).not.toContain(p.pin);
  });

  it('refuses a file with bad rows, listing exactly those lines, and writes nothing', async () => {
    const before = await employeeCount();
    const departmentsBefore = (await (await admin.get('/api/departments?pageSize=1')).json()).total;
    const first = person();
    const people = [
      first, // line 2
      person({ email: 'not-an-email' }), // line 3
      person(), // line 4
      person({ pin: first.pin }), // line 5: the PIN of line 2, same company
      person({ department: 'Marketing' }), // line 6: no such department
      person(), // line 7
    ];
    const res = await admin.post('/api/employees/import', { csv: csv(people) });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.code).toBe('employeeImport.rejected');
    expect(body.message).toBe('Rows with errors: 3. Nothing was imported; correct them and try again.');
    expect(body.rows).toEqual([
      { line: 3, field: 'email', column: 'email', message: 'Invalid email address' },
      { line: 5, field: 'pin', column: 'pin', message: 'Line 2 already uses this PIN in the same company' },
      { line: 6, field: 'department', column: 'department', message: `“${COMPANY}” has no department named “Marketing”` },
    ]);
    expect(await employeeCount()).toBe(before);
    expect((await (await admin.get('/api/departments?pageSize=1')).json()).total).toBe(departmentsBefore);
    const found = await (await admin.get(`/api/employees?q=${encodeURIComponent(first.nationalId!)}`)).json();
    expect(found.total).toBe(0);
  });

  it('checks PIN, badge and national ID against the employees already recorded', async () => {
    const taken = person({ rfidCard: 'IMPORT-CARD-2' });
    expect((await admin.post('/api/employees/import', { csv: csv([taken]) })).status).toBe(201);
    const before = await employeeCount();
    const res = await admin.post('/api/employees/import', {
      csv: csv([person(), person({ pin: taken.pin }), person({ rfidCard: 'IMPORT-CARD-2' }), person({ nationalId: taken.nationalId!.toLowerCase() })]),
    });
    expect(res.status).toBe(422);
    expect((await res.json()).rows).toEqual([
      { line: 3, field: 'pin', column: 'pin', message: 'Another employee of this company already uses this PIN' },
      { line: 4, field: 'rfidCard', column: 'rfidCard', message: 'Another employee already uses this badge' },
      { line: 5, field: 'nationalId', column: 'nationalId', message: 'An employee with this national ID already exists' },
    ]);
    expect(await employeeCount()).toBe(before);
  });

  it('dry run checks without writing; createMissing creates the missing department and job title', async () => {
    const before = await employeeCount();
    const people = [person({ department: 'Reparto', jobTitle: 'Repartidor' }), person({ department: 'reparto', jobTitle: 'repartidor' })];
    const refused = await admin.post('/api/employees/import', { csv: csv(people), dryRun: true });
    expect(refused.status).toBe(422);
    expect((await refused.json()).rows.map((r: { line: number; field: string }) => [r.line, r.field])).toEqual([
      [2, 'department'],
      [3, 'department'],
    ]);

    const dry = await admin.post('/api/employees/import', { csv: csv(people), dryRun: true, createMissing: true });
    expect(dry.status).toBe(201);
    expect(await dry.json()).toMatchObject({
      message: 'The file is correct. Employees ready to import: 2',
      valid: 2,
      createdRecords: { companies: [], departments: ['Reparto'], jobTitles: ['Repartidor'], leaveGroups: [] },
    });
    expect(await employeeCount()).toBe(before);
    expect((await (await admin.get('/api/departments?q=Reparto')).json()).total).toBe(0);

    const res = await admin.post('/api/employees/import', { csv: csv(people), createMissing: true });
    expect(res.status).toBe(201);
    expect((await res.json()).created).toBe(2);
    const departments = await (await admin.get('/api/departments?q=Reparto')).json();
    expect(departments.total).toBe(1);
    expect(departments.data[0]).toMatchObject({ name: 'Reparto', companyName: COMPANY, employees: 2 });
    const found = await (await admin.get(`/api/employees?q=${encodeURIComponent(people[1]!.lastName!)}`)).json();
    expect(found.data[0]).toMatchObject({ departmentName: 'Reparto', jobTitleName: 'Repartidor' });
  });

  it('createMissing creates a company with its department, job title and a leave group', async () => {
    const res = await admin.post('/api/employees/import', {
      csv: csv([person({ company: 'Obrador Norte', department: 'Hornos', jobTitle: 'Hornero', leaveGroup: 'Turno de noche', pin: '100003' })]),
      createMissing: true,
    });
    expect(res.status).toBe(201);
    expect((await res.json()).createdRecords).toEqual({ companies: ['Obrador Norte'], departments: ['Hornos'], jobTitles: ['Hornero'], leaveGroups: ['Turno de noche'] });
    const groups = await (await admin.get('/api/leave-groups?q=Turno')).json();
    expect(groups.data[0]).toMatchObject({ name: 'Turno de noche', companyName: 'Obrador Norte', status: 'active', employees: 1 });
  });

  it('a new leave group in an existing company gets all its leave types', async () => {
    const res = await admin.post('/api/employees/import', { csv: csv([person({ leaveGroup: 'Temporada' })]), createMissing: true });
    expect(res.status).toBe(201);
    const group = (await (await admin.get('/api/leave-groups?q=Temporada')).json()).data[0];
    expect([...group.privilegeNames].sort()).toEqual(['Asuntos propios', 'Baja médica', 'Vacaciones']);
  });

  it('leaves nothing written when the database fails in the middle of the writes', async () => {
    // Test setup only: a trigger makes the insert of one row (in the third chunk) fail.
    const removeFault = addFailingTrigger(server.dataDir, { name: 'import_test_failure', table: 'employees', event: 'insert', when: "new.last_name = 'Falla Aquí'", message: 'injected failure' });
    try {
      const before = await employeeCount();
      const auditsBefore = countOf("select count(*) as n from audit_log where action = 'import'");
      const people = Array.from({ length: 1500 }, (_, i) => person(i === 1200 ? { lastName: 'Falla Aquí' } : { department: 'Almacén', jobTitle: 'Mozo' }));
      const res = await admin.post('/api/employees/import', { csv: csv(people), createMissing: true });
      expect(res.status).toBe(500);
      expect(await employeeCount()).toBe(before);
      expect((await (await admin.get('/api/departments?q=Almac')).json()).total).toBe(0);
      expect(countOf("select count(*) as n from audit_log where action = 'import'")).toBe(auditsBefore);
      expect(countOf('select count(*) as n from job_titles where name = ?', 'Mozo')).toBe(0);
    } finally {
      removeFault();
    }
  });

  it('reads Spanish Excel files: semicolons, a byte order mark, CRLF, Spanish headers and values', async () => {
    const before = await employeeCount();
    const text =
      '\uFEFFNombre;Apellidos;Género;Correo electrónico;DNI/NIE;Empresa;Departamento;Puesto;Grupo de ausencia;Tipo de empleo;PIN;Fecha de nacimiento;Dirección\r\n' +
      `Lucía;Ibáñez Peña;Mujer;lucia.ibanez@example.es;Y8100001Q;${COMPANY};Obrador;Oficial de panadería;General;Fijo;810001;17/05/1990;"Calle Mayor 3; 2º B"\r\n` +
      `Óscar;Núñez Gómez;Hombre;oscar.nunez@example.es;Y8100002Q;${COMPANY};Obrador;Ayudante de obrador;General;En prácticas;810002;01/12/1985;\r\n`;
    const res = await admin.post('/api/employees/import', { csv: text });
    expect(res.status).toBe(201);
    expect(await employeeCount()).toBe(before + 2);
    const found = (await (await admin.get('/api/employees?q=Ibáñez')).json()).data[0];
    expect(found).toMatchObject({ firstName: 'Lucía', birthday: '1990-05-17', address: 'Calle Mayor 3; 2º B', gender: 'female', departmentName: 'Obrador' });
  });

  it("imports the payroll fields (category, contract type) as optional columns, refusing one too long in the reader's language", async () => {
    const header = 'Nombre;Apellidos;Género;Correo electrónico;DNI/NIE;Empresa;Departamento;Puesto;Grupo de ausencia;Tipo de empleo;PIN;Categoría profesional;Tipo de contrato\r\n';
    const long = 'x'.repeat(121);
    const bad = await adminEs.post('/api/employees/import', { csv: `${header}Eva;Ruiz;Mujer;eva.ruiz@example.es;Y8200001Q;${COMPANY};Obrador;Oficial de panadería;General;Fijo;820001;${long};401\r\n` });
    expect(bad.status).toBe(422);
    expect((await bad.json()).rows).toEqual([{ line: 2, field: 'professionalCategory', column: 'Categoría profesional', message: 'Como mucho 120 caracteres (este tiene 121), como lo anota la gestoría' }]);
    const ok = await admin.post('/api/employees/import', {
      csv: `${header}Eva;Ruiz;Mujer;eva.ruiz@example.es;Y8200001Q;${COMPANY};Obrador;Oficial de panadería;General;Fijo;820001;Grupo 4 – Oficial;100 Indefinido a tiempo completo\r\nIker;Sanz;Hombre;iker.sanz@example.es;Y8200002Q;${COMPANY};Obrador;Oficial de panadería;General;Fijo;820002;;\r\n`,
    });
    expect(ok.status).toBe(201);
    const [eva] = (await (await admin.get('/api/employees?q=eva.ruiz')).json()).data;
    expect(eva).toMatchObject({ professionalCategory: 'Grupo 4 – Oficial', contractType: '100 Indefinido a tiempo completo', employmentType: 'regular' });
    const [iker] = (await (await admin.get('/api/employees?q=iker.sanz')).json()).data;
    expect(iker).toMatchObject({ professionalCategory: null, contractType: null });
  });

  it('answers in Spanish with Accept-Language es', async () => {
    const res = await adminEs.post('/api/employees/import', { csv: csv([person({ email: 'mal' }), person({ company: 'Nadie S.L.' })]) });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.message).toBe('Filas con errores: 2. No se ha importado nada; corrígelas y vuelve a intentarlo.');
    expect(body.rows).toEqual([
      { line: 2, field: 'email', column: 'email', message: 'Dirección de correo electrónico no válida' },
      { line: 3, field: 'company', column: 'company', message: 'No existe ninguna empresa llamada «Nadie S.L.»' },
    ]);
    const ok = await adminEs.post('/api/employees/import', { csv: csv([person()]) });
    expect((await ok.json()).message).toBe('Empleados importados: 1');
  });

  it('refuses files it cannot use, saying why', async () => {
    const missing = await admin.post('/api/employees/import', { csv: 'firstName,lastName,email\nA,B,a@b.es\n' });
    expect(missing.status).toBe(422);
    expect((await missing.json()).message).toBe('Missing columns: gender, nationalId, company, department, jobTitle, leaveGroup, employmentType, pin');
    const empty = await admin.post('/api/employees/import', { csv: '' });
    expect(await empty.json()).toMatchObject({ code: 'employeeImport.empty' });
    const headerOnly = await admin.post('/api/employees/import', { csv: `${HEADER.join(',')}\n` });
    expect(await headerOnly.json()).toMatchObject({ code: 'employeeImport.noRows' });
    const noCsv = await admin.post('/api/employees/import', { file: 'x' });
    expect(noCsv.status).toBe(422);
    // Streamed over a raw connection: the server answers 413 before reading it all (raw-post.ts).
    const tooBig = await rawPost(server.url, '/api/employees/import', { size: 21 * 1024 * 1024, token: admin.cookie, fill: 'x' });
    expect(tooBig.status).toBe(413);
    const wrongMethod = await admin.get('/api/employees/import');
    expect(wrongMethod.status).toBe(405);
    expect((await wrongMethod.json()).code).toBe('errors.methodNotAllowed');
  });

  it('takes a file of several thousand rows (well over the 256 KB of other endpoints)', async () => {
    const before = await employeeCount();
    const people = Array.from({ length: 3000 }, () => person());
    const text = csv(people);
    expect(text.length).toBeGreaterThan(300 * 1024);
    const res = await admin.post('/api/employees/import', { csv: text });
    expect(res.status).toBe(201);
    expect(await employeeCount()).toBe(before + 3000);
  });

  it('is refused to an Employee account (403) and to nobody signed in (401)', async () => {
    const before = await employeeCount();
    const res = await employeeUser.post('/api/employees/import', { csv: csv([person()]) });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('You do not have permission to create employees.');
    expect((await employeeUser.get('/api/employees/import-template')).status).toBe(403);
    expect((await new Client(server.url).post('/api/employees/import', { csv: csv([person()]) })).status).toBe(401);
    expect(await employeeCount()).toBe(before);
  });
});

describe('GET /api/employees/import-template', () => {
  it('gives a CSV with the header and an example row that imports as it is, in English and in Spanish', async () => {
    const es = await admin.get('/api/employees/import-template?lang=es');
    expect(es.status).toBe(200);
    expect(es.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(es.headers.get('content-disposition')).toContain('plantilla-empleados.csv');
    const bytes = Buffer.from(await es.arrayBuffer());
    // A UTF-8 byte order mark, so Excel reads the accents right (fetch's text() would drop it).
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const esText = bytes.toString('utf8');
    const esLines = esText.slice(1).trim().split('\r\n');
    expect(esLines).toHaveLength(2);
    expect(esLines[0]).toMatch(/^Nombre;Apellidos;Género;Correo electrónico;DNI\/NIE;Empresa;/);
    expect(esLines[0]).toMatch(/;Categoría profesional;Tipo de contrato$/);
    expect(esLines[1]).toMatch(/;Grupo 4 – Dependiente;100 Indefinido a tiempo completo$/);
    expect(esLines[1]).toContain(COMPANY);
    const dry = await admin.post('/api/employees/import', { csv: esText, dryRun: true });
    expect(dry.status).toBe(201);
    expect((await dry.json()).valid).toBe(1);

    const en = await admin.get('/api/employees/import-template', { 'accept-language': 'en' });
    const enText = await en.text();
    expect(enText.split('\r\n')[0]).toMatch(/^firstName,lastName,gender,email,nationalId,company,department,jobTitle,leaveGroup,employmentType,pin,/);
    const imported = await admin.post('/api/employees/import', { csv: enText });
    expect(imported.status).toBe(201);
    expect((await imported.json()).created).toBe(1);
  });
});
