import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { Client } from '../helpers/http-client.ts';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { waitFor } from '../helpers/wait-for.ts';

/**
 * The time-driven part of issue 22 (decision 056) on the built server with the demo data set and
 * a fake clock in 2027 (Lisbon: UTC+0 until 2027-03-28, then UTC+1), followed to a real SMTP inbox:
 * the missed check-in 30 minutes after the start (to the employee and, with the company's switch,
 * to the managers), the automatic clock-out at the scheduled end + 2 h, the morning-after missing
 * check-out saying the day was closed automatically, and the monthly summary on the 1st, each in
 * the recipient's language and once. Carmen (office 09:00-17:00, weekends off) is linked to
 * manager@demo.jornada (Admin; her managers are then the other admins: admin@demo.jornada);
 * Javier (morning 08:00-16:00, Sundays and Mondays off) to employee@demo.jornada, who reads English.
 */

const ZONE = 'Europe/Lisbon';
let server: TestServer;
let inbox: SmtpInbox;
let clockDir: string;
let clockFile: string;
let admin: Client;
let carmen: number;
let javier: number;
let lucia: number;
const sql = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, text, ...params);
const setNow = (date: string, time: string) => writeFileSync(clockFile, localDateTimeToUtcIso(date, time, ZONE));
const idOf = (firstName: string) => sql<{ id: number }>('select id from employees where first_name = ?', firstName)[0]!.id;
const queued = (key: string) => sql<{ n: number }>('select count(*) as n from outbox where dedupe_key = ?', key)[0]!.n;
const mailTo = (address: string, subject: string) => inbox.waitFor((m) => m.to.includes(address) && m.subject === subject, `"${subject}" to ${address}`);
const count = (address: string, subject: string, text = '') => inbox.messages.filter((m: ReceivedMail) => m.to.includes(address) && m.subject === subject && m.text.includes(text)).length;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-scheduled-'));
  clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, '2027-03-01T06:00:00Z');
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile, JORNADA_OUTBOX_POLL_MS: '100', JORNADA_JOBS_CHECK_MS: '150' } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  carmen = idOf('Carmen');
  javier = idOf('Javier');
  lucia = idOf('Lucía');
  sql("update users set language = 'en' where email = 'employee@demo.jornada'");
  // Managers are told about missed check-ins in this company (Settings › Notifications).
  const company = sql<{ company_id: number }>('select company_id from employees where id = ?', carmen)[0]!.company_id;
  sql("insert into notification_settings (company_id, kind, enabled, to_managers, minutes, updated_at) values (?, 'missedCheckIn', 1, 1, 30, ?)", company, new Date().toISOString());
  const mail = await admin.request('PUT', '/api/settings/email', { host: '127.0.0.1', port: inbox.port, security: 'none', user: '', password: '', from: 'jornada@test.local', appUrl: 'http://jornada.test' });
  expect(mail.status, await mail.clone().text()).toBe(200);
});

afterAll(async () => {
  await server?.stop();
  await inbox?.close();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('the automatic clock-out setting', () => {
  it('is refused to an Employee account and with hours out of range, translated, nothing changed', async () => {
    const current = ((await (await admin.get('/api/settings')).json()) as { data: Record<string, unknown> }).data;
    const stored = () => sql("select key, value from settings where key like 'autoClockOut%' order by key");
    const before = stored();
    const worker = new Client(server.url);
    expect((await worker.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
    expect((await worker.request('PUT', '/api/settings', { ...current, autoClockOut: true })).status).toBe(403);
    for (const [lang, messages] of [
      ['en', en],
      ['es', es],
    ] as const) {
      const client = new Client(server.url, lang);
      client.cookie = admin.cookie;
      for (const hours of [0, 13, 2.5]) {
        const res = await client.request('PUT', '/api/settings', { ...current, autoClockOut: true, autoClockOutAfterHours: hours });
        expect(res.status).toBe(422);
        const body = (await res.json()) as { errors: Record<string, string> };
        expect(body.errors['autoClockOutAfterHours']).toBe(hours === 2.5 ? messages.validation.invalidNumber : messages.settings.autoClockOutRange);
      }
    }
    expect(stored()).toEqual(before);
  });

  it('is switched on with 2 hours by an administrator', async () => {
    const current = ((await (await admin.get('/api/settings')).json()) as { data: Record<string, unknown> }).data;
    expect(current).toMatchObject({ autoClockOut: false });
    const res = await admin.request('PUT', '/api/settings', { ...current, autoClockOut: true, autoClockOutAfterHours: 2 });
    expect(res.status).toBe(200);
  });
});

describe('a Monday without check-in, then without check-out', () => {
  it('sends nothing 29 minutes after the start, and the reminder at 30, to the employee and her managers', async () => {
    setNow('2027-03-01', '09:29');
    // Lucía started at 07:00: her reminder proves the job ran at 09:29.
    await waitFor("Lucía's reminder", () => queued(`missedCheckIn:${lucia}:2027-03-01`) === 1);
    expect(queued(`missedCheckIn:${carmen}:2027-03-01`)).toBe(0);
    setNow('2027-03-01', '09:30');
    const own = await mailTo('manager@demo.jornada', es.notifications.missedCheckIn.subject);
    expect(own.text).toContain('09:00');
    expect(own.html).toContain('href="http://jornada.test/personal/dashboard"');
    const manager = await mailTo('admin@demo.jornada', 'Carmen Ruiz Navarro no ha fichado la entrada');
    expect(manager.text).toContain('http://jornada.test/attendance?employee=');
    // Her own account is not also told as a manager.
    expect(queued(`missedCheckIn:${carmen}:2027-03-01:user:${sql<{ id: number }>("select id from users where email = 'manager@demo.jornada'")[0]!.id}`)).toBe(0);
  });

  it('closes her open day at the scheduled end (17:00) two hours after it, flagged', async () => {
    setNow('2027-03-01', '09:40');
    const punch = await new Client(server.url).request('POST', '/api/clock', { action: 'check-in', pin: '100001' });
    expect(punch.status).toBe(200);
    setNow('2027-03-01', '19:00');
    const day = await waitFor('the automatic clock-out', () =>
      sql<{ id: number; time_out: string | null; closed_automatically: number; revision: number }>(
        "select id, time_out, closed_automatically, revision from attendances where employee_id = ? and date = '2027-03-01'",
        carmen,
      ).find((r) => r.closed_automatically === 1),
    );
    expect(day).toMatchObject({ time_out: '2027-03-01T17:00:00.000Z', revision: 2 });
    const list = (await (await admin.get(`/api/attendances?employee=${carmen}&from=2027-03-01&to=2027-03-01`)).json()) as { data: { closedAutomatically: boolean; timeOut: string }[] };
    expect(list.data[0]).toMatchObject({ closedAutomatically: true, timeOut: '2027-03-01T17:00:00.000Z' });
    expect(sql("select user_id, action from audit_log where entity = 'attendance' and entity_id = ? and action = 'auto-clock-out'", String(day.id))).toEqual([{ user_id: null, action: 'auto-clock-out' }]);
    // The attendance export and the monthly record's spreadsheet say so too.
    const texts = async (url: string) => {
      const res = await admin.get(url);
      expect(res.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await res.arrayBuffer());
      const out: string[] = [];
      book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => out.push(String(cell.value)))));
      return out.join(' | ');
    };
    expect(await texts(`/api/attendances/export?employee=${carmen}&from=2027-03-01&to=2027-03-01&lang=en`)).toContain('Closed automatically');
    expect(await texts(`/api/reports/monthly-record/export?employee=${carmen}&month=2027-03&lang=es`)).toContain(es.reports.record.closedAutomatically);
  });

  it('tells her the next morning at 07:00 that she did not check out and the day was closed automatically', async () => {
    setNow('2027-03-02', '07:00');
    const mail = await mailTo('manager@demo.jornada', 'No fichaste la salida el lunes, 1 de marzo de 2027');
    expect(mail.text).toContain('09:40');
    expect(mail.text).toContain('17:00');
    expect(mail.text).toContain('automáticamente');
    expect(mail.text).toContain('http://jornada.test/personal/attendance?month=2027-03&correct=2027-03-01');
    // Missing check-outs go to managers only when the company says so (default: no).
    expect(sql("select count(*) as n from outbox where dedupe_key like 'missingCheckOut:%:user:%'")).toEqual([{ n: 0 }]);
  });

  it("reminds Javier in his account's language (English)", async () => {
    setNow('2027-03-02', '08:30');
    const mail = await mailTo('employee@demo.jornada', en.notifications.missedCheckIn.subject);
    expect(mail.text).toContain('Your shift of');
    expect(queued(`missedCheckIn:${javier}:2027-03-02`)).toBe(1);
  });
});

describe('the monthly summary', () => {
  it("goes on the 1st from 08:00 local time with last month's totals and the acknowledgement link, in each language", async () => {
    // 2027-04-01 08:00 WEST = 07:00Z.
    writeFileSync(clockFile, '2027-04-01T07:00:00Z');
    const spanish = await mailTo('manager@demo.jornada', 'Tu jornada de marzo de 2027');
    expect(spanish.text).toContain(`${es.notifications.monthlySummary.worked}: `);
    expect(spanish.text).toContain('http://jornada.test/personal/attendance?month=2027-03');
    const english = await mailTo('employee@demo.jornada', 'Your working time for March 2027');
    expect(english.text).toContain(`${en.notifications.monthlySummary.overtime}: `);
    expect(queued(`monthlySummary:${carmen}:2027-03`)).toBe(1);
  });

  it('and every message went once, however many minutes passed', async () => {
    writeFileSync(clockFile, '2027-04-02T09:00:00Z');
    // A later tick: Lucía's reminder of the 2nd.
    await waitFor("Lucía's reminder of April 2nd", () => queued(`missedCheckIn:${lucia}:2027-04-02`) === 1);
    await waitFor('its delivery', () => sql<{ n: number }>("select count(*) as n from outbox where status in ('pending', 'sending')")[0]!.n === 0);
    expect(count('manager@demo.jornada', es.notifications.missedCheckIn.subject, '1 de marzo de 2027')).toBe(1);
    expect(count('manager@demo.jornada', 'Tu jornada de marzo de 2027')).toBe(1);
    expect(count('employee@demo.jornada', 'Your working time for March 2027')).toBe(1);
    expect(count('manager@demo.jornada', 'No fichaste la salida el lunes, 1 de marzo de 2027')).toBe(1);
  });
});
