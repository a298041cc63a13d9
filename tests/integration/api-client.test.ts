import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Issue 41.3: the sample program of examples/api-client, written against the client types
 * openapi-typescript generates from the document and called with openapi-fetch, performs eleven
 * ordinary tasks against a server with an API token (the project's strict tsc compiles it; the
 * unit test api-client-types keeps the types equal to the document).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1' } });
  const admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  const me = (await (await admin.get('/api/me')).json()) as { user: { role: Record<string, string[]> } };
  const expiresOn = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const created = await admin.post('/api/api-tokens', { name: 'Sample program', expiresOn, permissions: me.user.role });
  expect(created.status).toBe(201);
  token = ((await created.json()) as { data: { token: string } }).data.token;
});

afterAll(async () => {
  await server?.stop();
});

function runSample(): Promise<{ code: number | null; lines: Record<string, unknown>[]; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'examples/api-client/sample.ts')], {
      cwd: ROOT,
      // A Monday far from the demo's leave, so the request never overlaps one, whatever today is.
      env: { ...process.env, JORNADA_URL: server.url, JORNADA_API_TOKEN: token, JORNADA_LEAVE_DAY: '2030-03-04' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('close', (code) =>
      resolve({
        code,
        stderr: err,
        lines: out
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>),
      }),
    );
  });
}

it('the generated client performs the ordinary tasks of an integrator against a server', async () => {
  const { code, lines, stderr } = await runSample();
  expect(stderr).toBe('');
  expect(code).toBe(0);
  const task = (name: string) => lines.find((l) => l['task'] === name);
  expect(lines.map((l) => l['task'])).toEqual(['me', 'employees', 'attendance', 'createLeave', 'decideLeave', 'payroll', 'monthlyRecord', 'recordPdf', 'webhook', 'corrections']);
  expect(task('me')).toMatchObject({ email: 'admin@demo.jornada' });
  const listed = task('employees')!;
  expect(listed['pages']).toBeGreaterThan(1);
  expect(listed['distinct']).toBe(listed['count']);
  expect(task('attendance')).toMatchObject({ allTheirs: true });
  expect(task('createLeave')).toMatchObject({ status: 'pending' });
  expect(task('decideLeave')).toMatchObject({ status: 'approved' });
  expect(task('payroll')!['rows']).toBeGreaterThan(0);
  expect(task('monthlyRecord')).toMatchObject({ employees: 1 });
  expect(task('recordPdf')).toMatchObject({ type: 'application/pdf', pdf: true });
  expect(task('webhook')).toMatchObject({ secret: true });
  expect(typeof task('corrections')!['pending']).toBe('number');
});
