import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { formatDuration } from '../../src/domain/format/intl-format.ts';

/**
 * Issue 33 point 1 over HTTP (decision 051 update): a past month of a demo employee is approved,
 * which freezes her figures; then one of her attendance rows is edited in the database file
 * behind the app. Payroll keeps the approved figures, and the difference is an alert on the
 * period-close API and screen (es and en) and in `verify` (API), never applied.
 */

const ZONE = 'Europe/Lisbon';

let server: TestServer;
let admin: Client;
let clockDir: string;
/** The demo employee and month approved: the latest month before February 2027 with a closed day of hers. */
let worker: number;
let month: string;
let from: string;
let to: string;
const monthEnd = (m: string) => new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).toISOString().slice(0, 10);
const shown = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

const json = async (res: Response) => (await res.json()) as any;
const query = <T>(sql: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, sql, ...params);
const workerPayroll = async () => (await json(await admin.get(`/api/reports/payroll?month=${month}`))).data.employees.find((e: any) => e.employee.id === worker).figures;

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-snapshot-'));
  const clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, localDateTimeToUtcIso('2027-03-01', '06:00', ZONE));
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  const day = query<{ employee_id: number; date: string }>("select employee_id, date from attendances where time_out is not null and voided_at is null and date < '2027-02-01' order by date desc limit 1")[0]!;
  worker = day.employee_id;
  month = day.date.slice(0, 7);
  from = `${month}-01`;
  to = monthEnd(month);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('approved figures are frozen, and a difference is an alert', () => {
  it('approving the month stores the snapshot; nothing differs yet', async () => {
    expect((await admin.post('/api/periods/approve', { date: from, employees: [worker] })).status).toBe(200);
    expect(query<{ n: number }>('select count(*) as n from approval_snapshots where employee_id = ? and superseded_at is null', worker)[0]!.n).toBe(1);
    expect((await json(await admin.get(`/api/periods?date=${from}`))).data.snapshotAlerts).toEqual([]);
    expect((await json(await admin.get('/api/record-chain/verify'))).data).toMatchObject({ ok: true, approvedFigures: [] });
  });

  it('an attendance edited in the file: payroll keeps the approved figures; the close API, screen and verify name the difference', async () => {
    const before = await workerPayroll();
    const day = query<{ id: number; worked_seconds: number; time_out: string }>(
      'select id, worked_seconds, time_out from attendances where employee_id = ? and date between ? and ? and time_out is not null and voided_at is null order by date limit 1',
      worker,
      from,
      to,
    )[0]!;
    const later = new Date(Date.parse(day.time_out) + 3600_000).toISOString();
    query('update attendances set time_out = ?, worked_seconds = ? where id = ?', later, day.worked_seconds + 3600, day.id);

    expect(await workerPayroll()).toEqual(before);

    const alerts = (await json(await admin.get(`/api/periods?date=${from}`))).data.snapshotAlerts;
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ employeeId: worker, from, to });
    const worked = alerts[0].differences.find((d: any) => d.figure === 'totals.workedSeconds');
    expect(worked.fresh - worked.snapshot).toBe(3600);

    // The figure by its translated name, both values in hours and minutes (not an identifier and seconds).
    const line = (lang: 'en' | 'es') =>
      lang === 'es'
        ? `${alerts[0].employeeName}, del ${shown(from)} al ${shown(to)}: tiempo trabajado (registro): ${formatDuration(worked.snapshot, 'es')} al aprobar, ${formatDuration(worked.fresh, 'es')} ahora`
        : `${alerts[0].employeeName}, ${shown(from)} to ${shown(to)}: worked time (record): ${formatDuration(worked.snapshot, 'en')} when approved, ${formatDuration(worked.fresh, 'en')} now`;
    for (const lang of ['en', 'es'] as const) {
      const html = await (await admin.get(`/period-close?date=${from}`, { 'accept-language': lang })).text();
      expect(html).toContain('data-testid="period-snapshot-alert"');
      expect(html).toContain(lang === 'es' ? 'Las cifras aprobadas no coinciden con un cálculo nuevo' : 'Approved figures differ from a fresh computation');
      expect(html).toContain(line(lang));
    }

    const check = (await json(await admin.get('/api/record-chain/verify'))).data;
    expect(check.approvedFigures).toHaveLength(1);
    expect(check.approvedFigures[0].differences).toContainEqual(worked);
  });
});
