import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { testDatabaseOf } from '../helpers/test-database.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Durability: 20 terminals punch by PIN at POST /api/clock at once while the server is killed
 * with SIGKILL (no shutdown, no checkpoint). After a restart on the same DATA_DIR every punch the
 * server acknowledged with 200 is in the database, and a SQLite file passes integrity_check (on
 * PostgreSQL the database's own durability stands in for it).
 *
 * The server's clock is faked (JORNADA_FAKE_NOW_FILE, honoured only with JORNADA_TEST=1) and runs
 * fast — half an hour every 40 ms from a Monday of 2027 — so the demo employees (PIN 100000 + i)
 * keep getting new days and each of check-in, break-in, break-out, check-out is accepted again.
 */

const ACTIONS = ['check-in', 'break-in', 'break-out', 'check-out'] as const;
const CLIENTS = 20;

let server: TestServer | undefined;
const clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-durability-'));
const clockFile = path.join(clockDir, 'now');
afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

/** Replaces the fake "now" atomically, so the server never reads a half-written file. */
function setNow(ms: number): void {
  writeFileSync(`${clockFile}.tmp`, new Date(ms).toISOString());
  renameSync(`${clockFile}.tmp`, clockFile);
}

interface Acknowledged {
  employeeId: number;
  action: string;
  time: string;
}

it('keeps every acknowledged punch through a SIGKILL mid-run, and the database stays intact', async () => {
  let now = Date.parse('2027-03-01T06:00:00Z');
  setNow(now);
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  const ticker = setInterval(() => setNow((now += 30 * 60 * 1000)), 40);

  const acknowledged: Acknowledged[] = [];
  let failures = 0;
  let running = true;
  const terminal = async (n: number) => {
    for (let i = 0; running; i++) {
      const action = ACTIONS[i % ACTIONS.length]!;
      try {
        const res = await fetch(`${server!.url}/api/clock`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': 'en' },
          body: JSON.stringify({ action, pin: String(100000 + n) }),
        });
        const body = (await res.json()) as { employee?: { _id: number }; time?: string };
        if (res.status === 200) acknowledged.push({ employeeId: body.employee!._id, action, time: body.time! });
        else expect(res.status, JSON.stringify(body)).toBe(409); // out of order for the employee's day: fine
      } catch {
        failures++; // the server is gone: this punch was never acknowledged
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  const terminals = Array.from({ length: CLIENTS }, (_, k) => terminal(k + 1));

  // Kill in the middle of the run, while every terminal is busy. A bound on the wait, not on the
  // speed: on PostgreSQL every punch is its own commit (fsync) under the shared write lock, so on a
  // busy machine the 150 acknowledged punches take longer than SQLite's group commit needs.
  const deadline = Date.now() + 45_000;
  while (acknowledged.length < 150 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect(await server.kill('SIGKILL')).toBeNull();
  const acknowledgedAtKill = acknowledged.length;
  await waitFor('a punch refused by the killed server', () => failures > 0);
  running = false;
  await Promise.all(terminals);
  clearInterval(ticker);
  expect(acknowledgedAtKill).toBeGreaterThanOrEqual(150);
  expect(failures).toBeGreaterThan(0); // some punches were in flight or sent after the kill

  await server.restart();
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  const dataDir = server.dataDir;
  if (!testDatabaseOf(dataDir)) expect(sqlIn(dataDir, 'pragma integrity_check')).toEqual([{ integrity_check: 'ok' }]);
  const stored = new Set(sqlIn<{ employee_id: number; action: string; at: string }>(dataDir, "select employee_id, action, at from punches where at >= '2027-01-01'").map((p) => `${p.employee_id} ${p.action} ${p.at}`));
  const missing = acknowledged.filter((a) => !stored.has(`${a.employeeId} ${a.action} ${a.time}`));
  expect(missing).toEqual([]);
  // Every stored punch of the run was acknowledged or was in flight at the kill (at most one per terminal).
  expect(stored.size - new Set(acknowledged.map((a) => `${a.employeeId} ${a.action} ${a.time}`)).size).toBeLessThanOrEqual(CLIENTS);
}, 100_000);
