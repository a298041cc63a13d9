import { afterAll, describe, expect, it } from 'vitest';
import { Client, location } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

function count(dataDir: string, table: string): number {
  return sqlIn<{ n: number }>(dataDir, `select count(*) as n from ${table}`)[0]!.n;
}

describe('demo data', () => {
  it('`npm run demo` loads the demo set and logs the demo sign-in (a JSON line)', async () => {
    const server = await startServer({ args: ['--demo'] });
    servers.push(server);
    const logs = server.logs();
    const lines = logs
      .slice(0, logs.lastIndexOf('\n'))
      .split('\n')
      .map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(lines).toContainEqual(expect.objectContaining({ level: 30, msg: 'Demo sign-in: admin@demo.jornada / Demo#2026' }));
    expect(count(server.dataDir, 'employees')).toBe(25);
    expect(count(server.dataDir, 'attendances')).toBeGreaterThan(500);
    const accounts = [
      ['admin@demo.jornada', '/dashboard'],
      ['manager@demo.jornada', '/dashboard'],
      ['employee@demo.jornada', '/personal/dashboard'],
    ] as const;
    for (const [email, entry] of accounts) {
      const client = new Client(server.url);
      expect((await client.signIn(email, 'Demo#2026')).status, email).toBe(200);
      expect(location(await client.get('/')), email).toBe(entry);
    }
  });

  it('first-run setup can load the demo set', async () => {
    const server = await startServer();
    servers.push(server);
    const client = new Client(server.url);
    const res = await client.post('/api/sign-up', {
      company: 'Mi Tienda',
      full_name: 'Sara Gómez',
      email: 'sara@tienda.es',
      password: 'Sara#2026',
      demo: true,
    });
    expect(res.status).toBe(201);
    expect(count(server.dataDir, 'employees')).toBe(25);
    expect(count(server.dataDir, 'leaves')).toBeGreaterThan(0);
    expect(location(await client.get('/'))).toBe('/dashboard');
  });
});
