import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePlannedDays } from '../../src/server/db/repositories/planned-days.ts';
import { writeSettings } from '../../src/server/db/repositories/settings.ts';
import { invalidateSettings } from '../../src/server/services/get-settings.ts';
import { calendarFeedState, createCalendarFeed, revokeCalendarFeed } from '../../src/server/services/personal/calendar-feed.ts';
import { personalSchedule } from '../../src/server/services/personal/personal-schedule.ts';
import { calendarFeedText } from '../../src/server/services/roster/calendar-feed-file.ts';
import { adminRosterWeekPdf, ownRosterWeekPdf } from '../../src/server/services/roster/roster-week-download.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Decision 087, the worker's view of the published roster against the real repositories:
 * the personal schedule lists published shifts and rest days (this week and four more), the day
 * plan takes them over the pattern, and the schedules list keeps only patterns; the calendar feed
 * stores only the SHA-256 of its secret, regenerating and revoking kill the old secret with the
 * same 404; the week PDF is the department's, and another company's department is a 404.
 * Madrid; now is Thursday 2026-11-26 11:00 local.
 */
let s: ServiceDb;
let ana: number;
const fakeNow = process.env.JORNADA_FAKE_NOW;
const stamp = '2026-11-01T00:00:00.000Z';
const origin = 'https://jornada.example';
const secretOf = (url: string) => /\/calendar\/([^/]+)\.ics$/.exec(url)![1]!;

beforeAll(async () => {
  process.env.JORNADA_TEST = '1';
  process.env.JORNADA_FAKE_NOW = '2026-11-26T10:00:00.000Z';
  s = await openServiceDb();
  await writeSettings(s.db, { timezone: 'Europe/Madrid' }, stamp);
  invalidateSettings();
  ana = await s.addEmployee({ firstName: 'Ana', pin: '4815162' });
  await s.db
    .insertInto('schedules')
    .values({ employeeId: ana, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: '[]', fromDate: '2026-01-01', toDate: null, status: 'current', createdAt: stamp, updatedAt: stamp })
    .execute();
  const shift = (date: string, startTime: string, endTime: string, breakMinutes: number) => ({ employeeId: ana, date, kind: 'shift' as const, startTime, endTime, breakMinutes });
  await writePlannedDays(
    s.db,
    [
      shift('2026-11-22', '07:00', '15:00', 0),
      shift('2026-11-24', '06:00', '14:00', 15),
      shift('2026-11-27', '14:00', '22:00', 30),
      { employeeId: ana, date: '2026-11-28', kind: 'rest', startTime: null, endTime: null, breakMinutes: 0 },
      shift('2026-12-27', '22:00', '06:00', 0),
      shift('2026-12-28', '08:00', '16:00', 0),
    ],
    stamp,
    null,
  );
});

afterAll(async () => {
  if (fakeNow === undefined) delete process.env.JORNADA_FAKE_NOW;
  else process.env.JORNADA_FAKE_NOW = fakeNow;
  await s.close();
});

describe('personal schedule with the published roster', () => {
  it('lists the published days of this week and the next four, and only patterns among schedules', async () => {
    const p = await personalSchedule(s.db, ana);
    expect(p.shiftsFrom).toBe('2026-11-23');
    expect(p.shiftsTo).toBe('2026-12-27');
    expect(p.shifts.map((d) => [d.date, d.kind, d.startTime, d.endTime, d.breakMinutes])).toEqual([
      ['2026-11-24', 'shift', '06:00', '14:00', 15],
      ['2026-11-27', 'shift', '14:00', '22:00', 30],
      ['2026-11-28', 'rest', null, null, 0],
      ['2026-12-27', 'shift', '22:00', '06:00', 0],
    ]);
    expect(p.schedules).toHaveLength(1);
    expect(p.schedules.every((r) => !r.rostered)).toBe(true);
    expect(p.current?.startTime).toBe('09:00');
  });

  it('shows the rostered shift and rest day in the day plan, the pattern elsewhere', async () => {
    const plan = new Map((await personalSchedule(s.db, ana)).plan.map((d) => [d.date, d]));
    expect(plan.get('2026-11-27')).toMatchObject({ kind: 'work', startTime: '14:00', offTime: '22:00', rostered: true });
    expect(plan.get('2026-11-28')).toMatchObject({ kind: 'rest', rostered: true });
    expect(plan.get('2026-11-29')).toMatchObject({ kind: 'work', startTime: '09:00', offTime: '17:00', rostered: false });
  });
});

describe('calendar feed', () => {
  const user = () => ({ id: s.admin.id, employeeId: ana });

  it('stores only the digest and serves the shifts', async () => {
    expect(await calendarFeedState(s.db, ana)).toEqual({ active: false, createdAt: null });
    const { url } = await createCalendarFeed(s.db, user(), origin);
    expect(url.startsWith(`${origin}/calendar/`)).toBe(true);
    const secret = secretOf(url);
    const rows = await s.db.selectFrom('calendarFeeds').selectAll().where('employeeId', '=', ana).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenDigest).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(await calendarFeedState(s.db, ana)).toMatchObject({ active: true });
    const text = await calendarFeedText(s.db, secret, '10.0.0.1');
    expect(text).toContain('DTSTART;TZID=Europe/Madrid:20261127T140000');
    expect(text).toContain('DTSTART;TZID=Europe/Madrid:20261228T080000');
    expect(text).not.toContain('20261128T');
  });

  it('regenerating kills the old secret; revoking kills the new one with the same answer', async () => {
    const first = secretOf((await createCalendarFeed(s.db, user(), origin)).url);
    const second = secretOf((await createCalendarFeed(s.db, user(), origin)).url);
    expect(await s.db.selectFrom('calendarFeeds').select('id').where('employeeId', '=', ana).execute()).toHaveLength(1);
    await expect(calendarFeedText(s.db, first, '10.0.0.2')).rejects.toMatchObject({ status: 404, code: 'rosterWorker.feedNotFound' });
    expect(await calendarFeedText(s.db, second, '10.0.0.2')).toContain('BEGIN:VEVENT');
    await revokeCalendarFeed(s.db, user());
    await expect(calendarFeedText(s.db, second, '10.0.0.2')).rejects.toMatchObject({ status: 404, code: 'rosterWorker.feedNotFound' });
    await expect(calendarFeedText(s.db, 'not-even-a-secret', '10.0.0.2')).rejects.toMatchObject({ status: 404, code: 'rosterWorker.feedNotFound' });
    await expect(revokeCalendarFeed(s.db, user())).rejects.toMatchObject({ status: 404 });
    expect(await calendarFeedState(s.db, ana)).toEqual({ active: false, createdAt: null });
  });

  it('refuses a guessing address after 20 unknown secrets', async () => {
    for (let i = 0; i < 20; i += 1) await expect(calendarFeedText(s.db, `guess-${i}`, '10.0.0.9')).rejects.toMatchObject({ status: 404 });
    await expect(calendarFeedText(s.db, 'guess-21', '10.0.0.9')).rejects.toMatchObject({ status: 429 });
  });
});

describe('week PDF', () => {
  it('is the department week, for the worker and a manager of the company', async () => {
    const own = await ownRosterWeekPdf(s.db, ana, new URLSearchParams('week=2026-11-23'), 'es');
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await own.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const admin = await adminRosterWeekPdf(s.db, { accountType: 'Admin', companyId: s.companyId }, new URLSearchParams(`department=${s.departmentId}`), 'en');
    expect(admin.status).toBe(200);
    await admin.arrayBuffer();
  });

  it('refuses a Tuesday, a missing department and another company department', async () => {
    await expect(ownRosterWeekPdf(s.db, ana, new URLSearchParams('week=2026-11-24'), 'es')).rejects.toMatchObject({ status: 400, code: 'rosterWorker.weekInvalid' });
    await expect(adminRosterWeekPdf(s.db, { accountType: 'Admin', companyId: s.companyId }, new URLSearchParams(''), 'es')).rejects.toMatchObject({ status: 400 });
    const other = await s.db.insertInto('companies').values({ name: 'Otra', createdAt: stamp, updatedAt: stamp }).returning('id').executeTakeFirstOrThrow();
    const dept = await s.db.insertInto('departments').values({ name: 'Caja', companyId: other.id, createdAt: stamp, updatedAt: stamp }).returning('id').executeTakeFirstOrThrow();
    await expect(adminRosterWeekPdf(s.db, { accountType: 'Admin', companyId: s.companyId }, new URLSearchParams(`department=${dept.id}`), 'es')).rejects.toMatchObject({ status: 404 });
    const superAdmin = await adminRosterWeekPdf(s.db, { accountType: 'SuperAdmin', companyId: s.companyId }, new URLSearchParams(`department=${dept.id}&week=2026-11-30`), 'es');
    expect(superAdmin.status).toBe(200);
    await superAdmin.arrayBuffer();
  });
});
