import { afterAll, describe, expect, it } from 'vitest';
import { Client, location } from '../helpers/http-client.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { localDateOf } from '../../src/domain/time/zoned-time.ts';

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

function count(dataDir: string, table: string): number {
  return sqlIn<{ n: number }>(dataDir, `select count(*) as n from ${table}`)[0]!.n;
}

describe('demo data', () => {
  it('`npm run demo` loads the demo set and logs the demo sign-in (a JSON line)', async () => {
    // The demo's own place, not the one the rest of the suite pins (tests/helpers/test-server.ts).
    const server = await startServer({ args: ['--demo'], env: { JORNADA_COUNTRY: '', JORNADA_TIMEZONE: '' } });
    servers.push(server);
    // The output comes through a pipe: on a loaded machine its lines can arrive after the server answered.
    await waitFor('the demo kiosk PINs line', () => server.logs().includes('Demo kiosk PINs at /clock'));
    const logs = server.logs();
    const lines = logs
      .slice(0, logs.lastIndexOf('\n'))
      .split('\n')
      .map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(lines).toContainEqual(expect.objectContaining({ level: 30, msg: 'Demo sign-in: admin@demo.jornada / Demo#2026' }));
    // Issue 37.14: the kiosk PINs a visitor can try.
    expect(lines).toContainEqual(expect.objectContaining({ level: 30, msg: 'Demo kiosk PINs at /clock: 100002 (Javier Moreno Gil), 100003 (Lucía García Fernández), 100005 (María Sánchez Pérez)' }));
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

    // Issue 37.14: a bakery in Madrid with its tax ID and the Comunidad de Madrid's holidays, on which nobody worked.
    const setting = (key: string) => JSON.parse(sqlIn<{ value: string }>(server.dataDir, 'select value from settings where key = ?', key)[0]!.value);
    expect([setting('country'), setting('timezone')]).toEqual(['ES', 'Europe/Madrid']);
    expect(sqlIn(server.dataDir, 'select tax_id from companies')).toEqual([{ tax_id: 'B12345674' }]);
    const holidays = sqlIn<{ date: string }>(server.dataDir, 'select date from holidays').map((h) => h.date);
    const year = localDateOf(Date.now(), 'Europe/Madrid').slice(0, 4);
    expect(holidays).toEqual(expect.arrayContaining([`${year}-01-01`, `${year}-05-02`, `${year}-12-25`]));
    expect(sqlIn(server.dataDir, 'select count(*) as n from attendances join holidays on holidays.date = attendances.date')).toEqual([{ n: 0 }]);

    // The banner prints the PINs on the admin pages and on the clock, where one of them punches.
    const admin = new Client(server.url);
    await admin.signIn('admin@demo.jornada', 'Demo#2026');
    const dashboard = await (await admin.get('/dashboard')).text();
    expect(dashboard).toContain('data-testid="demo-banner"');
    expect(dashboard).toContain('100002');
    const clock = await (await new Client(server.url).get('/clock')).text();
    for (const pin of ['100002', '100003', '100005']) expect(clock).toContain(pin);
    const punch = async (pin: string) => (await (await new Client(server.url).post('/api/clock', { action: 'check-in', pin })).json()) as { code?: string };
    expect((await punch('999999')).code).toBe('punch.unknownPin');
    expect((await punch('100005')).code).not.toBe('punch.unknownPin');
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
