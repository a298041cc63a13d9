import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestServer } from '../helpers/test-server.ts';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';

let server: TestServer;
let page: Page;
let session: E2eSession;

beforeAll(async () => {
  session = await startDemoSession({ account: 'admin', locale: 'en-GB' });
  ({ server, page } = session);
});
afterAll(() => session?.close());

it('shows who is on approved leave in the period of the attendance list', async () => {
  const db = new Database(`${server.dataDir}/jornada.db`);
  const type = (db.prepare("select id from leave_types where name = 'Vacaciones'").get() as { id: number }).id;
  const employee = db.prepare('select first_name, last_name from employees where id = 9').get() as { first_name: string; last_name: string };
  db.prepare("insert into leaves (employee_id, leave_type_id, from_date, to_date, reason, status, created_at, updated_at) values (9, ?, '2030-05-06', '2030-05-10', 'Viaje', 'approved', 'now', 'now')").run(type);
  db.close();
  await page.goto(`${server.url}/attendance?from=2030-05-08&to=2030-05-08`);
  await page.waitForSelector('[data-testid=on-leave]');
  expect(await page.textContent('[data-testid=on-leave]')).toContain(`${employee.first_name} ${employee.last_name}`);
  await page.goto(`${server.url}/attendance?from=2030-06-08&to=2030-06-08`);
  await page.waitForSelector('[data-testid=table-empty]');
  expect(await page.locator('[data-testid=on-leave]').count()).toBe(0);
});
