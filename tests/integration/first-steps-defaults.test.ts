import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Issue 17.8 (decision 028): sign-up without demo data creates a department, a job title, a
 * holidays leave type and a leave group granting it, named in the sign-up's language, ordinary
 * records that can be edited, and enough to add the first employee at once.
 */
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

async function signUp(lang: 'es' | 'en'): Promise<Client> {
  const server = await startServer();
  servers.push(server);
  const owner = new Client(server.url, lang);
  const res = await owner.post('/api/sign-up', { company: 'Obrador Norte', full_name: 'Nerea Sanz', email: 'nerea@obrador.es', password: 'Nerea#2026pan' });
  expect(res.status).toBe(201);
  return owner;
}
const list = async (client: Client, collection: string) => (await (await client.get(`/api/${collection}`)).json()).data as Record<string, unknown>[];

describe('default organisation at sign-up', () => {
  let es: Client;
  let en: Client;
  beforeAll(async () => {
    [es, en] = await Promise.all([signUp('es'), signUp('en')]);
  });

  it('creates a department, a job title, "Vacaciones" and a default leave group, in Spanish', async () => {
    const [company] = await list(es, 'companies');
    const departments = await list(es, 'departments');
    expect(departments).toMatchObject([{ name: 'General', company: company!['_id'] }]);
    const jobTitles = await list(es, 'job-titles');
    expect(jobTitles).toMatchObject([{ name: 'Empleado', department: departments[0]!['_id'], company: company!['_id'] }]);
    const leaveTypes = await list(es, 'leave-types');
    expect(leaveTypes).toMatchObject([{ name: 'Vacaciones', daysPerYear: 22, company: company!['_id'] }]);
    const groups = await list(es, 'leave-groups');
    expect(groups).toMatchObject([{ name: 'General', status: 'active', privilege: [leaveTypes[0]!['_id']], company: company!['_id'] }]);
    expect(String(groups[0]!['description'])).not.toBe('');
  });

  it('names them in English when the sign-up is in English', async () => {
    expect((await list(en, 'departments')).map((r) => r['name'])).toEqual(['General']);
    expect((await list(en, 'job-titles')).map((r) => r['name'])).toEqual(['Employee']);
    expect((await list(en, 'leave-types')).map((r) => r['name'])).toEqual(['Holidays']);
    expect((await list(en, 'leave-groups')).map((r) => r['name'])).toEqual(['General']);
  });

  it('they are ordinary records: editable, and the first employee needs nothing else', async () => {
    const [leaveType] = await list(es, 'leave-types');
    const patched = await es.request('PATCH', `/api/leave-types/${leaveType!['_id']}`, { name: 'Vacaciones anuales', company: leaveType!['company'], daysPerYear: 23 });
    expect(patched.status).toBe(200);
    expect((await list(es, 'leave-types'))[0]).toMatchObject({ name: 'Vacaciones anuales', daysPerYear: 23 });

    const [department] = await list(es, 'departments');
    const [jobTitle] = await list(es, 'job-titles');
    const [group] = await list(es, 'leave-groups');
    const employee = await es.post('/api/employees', {
      firstName: 'Irene', lastName: 'Gil', gender: 'female', email: 'irene@obrador.es', nationalId: '11223344B',
      company: department!['company'], department: department!['_id'], jobTitle: jobTitle!['_id'], leaveGroup: group!['_id'],
      employmentType: 'regular', pin: '4455667',
    });
    expect(employee.status).toBe(201);
    const guide = (await (await es.get('/api/guide')).json()).data;
    expect(guide).toMatchObject({ done: 2, next: 'schedule' });
  });
});
