import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeNotificationSetting } from '../../src/server/db/repositories/notification-settings.ts';
import { writeSettings } from '../../src/server/db/repositories/settings.ts';
import { saveMailSettings } from '../../src/server/mail/mail-settings.ts';
import { invalidateSettings } from '../../src/server/services/get-settings.ts';
import { sendMissedCheckInNotices } from '../../src/server/services/notifications/scheduled/missed-check-in-notices.ts';
import { sendMissingCheckOutNotices } from '../../src/server/services/notifications/scheduled/missing-check-out-notices.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Decision 056, the reminders' choices of whom to tell, against the real repositories and the
 * outbox (what the integration test cannot set up cheaply): approved leave and company holidays
 * silence the missed check-in, a pending leave does not; "also to managers" adds a copy per
 * manager; a company that switched a kind off queues nothing; each message once. Madrid, November
 * 2026 (CET, UTC+1); everyone works 09:00-17:00 every day.
 */

let s: ServiceDb;
let onLeave: number;
let pendingLeave: number;
let absent: number;
let present: number;
let presentDay: number;
const at = Date.parse;
const keys = async (prefix: string) => (await s.db.selectFrom('outbox').select('dedupeKey').where('dedupeKey', 'like', `${prefix}%`).orderBy('dedupeKey').execute()).map((r) => r.dedupeKey);
const stamp = '2026-11-01T00:00:00.000Z';

beforeAll(async () => {
  s = await openServiceDb();
  await writeSettings(s.db, { timezone: 'Europe/Madrid' }, stamp);
  invalidateSettings();
  await saveMailSettings(s.db, { host: '127.0.0.1', port: 2525, security: 'none', user: '', password: '', from: 'jornada@service.test', appUrl: 'http://jornada.test' }, s.superAdmin.id);
  onLeave = await s.addEmployee({ firstName: 'Ana', pin: '1357913' });
  pendingLeave = await s.addEmployee({ firstName: 'Bea', pin: '2468024' });
  absent = await s.addEmployee({ firstName: 'Carla', pin: '3692581' });
  present = await s.addEmployee({ firstName: 'Dora', pin: '4826159' });
  for (const employeeId of [onLeave, pendingLeave, absent, present]) {
    await s.db
      .insertInto('schedules')
      .values({ employeeId, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: '[]', fromDate: '2026-01-01', toDate: null, status: 'current', createdAt: stamp, updatedAt: stamp })
      .execute();
  }
  for (const [employeeId, status] of [
    [onLeave, 'approved'],
    [pendingLeave, 'pending'],
  ] as const) {
    await s.db
      .insertInto('leaves')
      .values({
        employeeId,
        leaveTypeId: s.leaveTypeId,
        fromDate: '2026-11-24',
        toDate: '2026-11-24',
        reason: 'Médico',
        returnDate: null,
        status,
        comment: null,
        decidedBy: null,
        decidedAt: null,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .execute();
  }
  await s.db.insertInto('holidays').values({ name: 'Fiesta local', date: '2026-11-25', companyId: s.companyId, createdAt: stamp, updatedAt: stamp }).execute();
  presentDay = (
    await s.db
      .insertInto('attendances')
      .values({
        employeeId: present,
        date: '2026-11-24',
        timezone: 'Europe/Madrid',
        timeIn: '2026-11-24T07:58:00.000Z',
        timeOut: null,
        workedSeconds: null,
        breakSeconds: 0,
        statusIn: 'on_time',
        lateSeconds: 0,
        earlyDepartureSeconds: 0,
        reason: null,
        source: 'clock',
        revision: 1,
        createdBy: null,
        createdAt: '2026-11-24T07:58:00.000Z',
        updatedAt: '2026-11-24T07:58:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  await s.close();
});

describe('missed check-in', () => {
  it('reminds who has neither a check-in nor approved leave, once, and nobody else', async () => {
    expect(await sendMissedCheckInNotices(s.db, at('2026-11-24T08:29:59Z'))).toBe(0);
    expect(await sendMissedCheckInNotices(s.db, at('2026-11-24T08:30:00Z'))).toBe(2);
    expect(await keys('missedCheckIn:')).toEqual([`missedCheckIn:${pendingLeave}:2026-11-24`, `missedCheckIn:${absent}:2026-11-24`].sort());
    expect(await sendMissedCheckInNotices(s.db, at('2026-11-24T08:31:00Z'))).toBe(0);
    expect((await keys('missedCheckIn:')).length).toBe(2);
    const row = await s.db.selectFrom('outbox').select(['recipient', 'language', 'channel']).where('dedupeKey', '=', `missedCheckIn:${absent}:2026-11-24`).executeTakeFirstOrThrow();
    expect(row).toEqual({ recipient: 'employee3@service.test', language: 'es', channel: 'email' });
  });

  it('is silent on a company holiday', async () => {
    expect(await sendMissedCheckInNotices(s.db, at('2026-11-25T08:30:00Z'))).toBe(0);
    expect(await keys('missedCheckIn:%:2026-11-25')).toEqual([]);
  });

  it('copies each manager when the company asks for it (never the employee twice)', async () => {
    await writeNotificationSetting(s.db, s.companyId, 'missedCheckIn', { enabled: true, toManagers: true, minutes: 45 }, stamp);
    // 45 minutes now: 09:44 CET is too early, 09:45 is due.
    expect(await sendMissedCheckInNotices(s.db, at('2026-11-26T08:44:00Z'))).toBe(0);
    expect(await sendMissedCheckInNotices(s.db, at('2026-11-26T08:45:00Z'))).toBe(4);
    const copies = await keys(`missedCheckIn:${absent}:2026-11-26:user:`);
    expect(copies.sort()).toEqual([s.superAdmin.id, s.admin.id].map((id) => `missedCheckIn:${absent}:2026-11-26:user:${id}`).sort());
  });
});

describe('missing check-out', () => {
  it('tells the employee at 07:00 the morning after, once; nothing when the company switched it off', async () => {
    expect(await sendMissingCheckOutNotices(s.db, at('2026-11-25T05:59:59Z'))).toBe(0);
    expect(await keys('missingCheckOut:')).toEqual([]);
    await writeNotificationSetting(s.db, s.companyId, 'missingCheckOut', { enabled: false, toManagers: false, minutes: null }, stamp);
    await sendMissingCheckOutNotices(s.db, at('2026-11-25T06:00:00Z'));
    expect(await keys('missingCheckOut:')).toEqual([]);
    await writeNotificationSetting(s.db, s.companyId, 'missingCheckOut', { enabled: true, toManagers: false, minutes: null }, stamp);
    expect(await sendMissingCheckOutNotices(s.db, at('2026-11-25T06:00:00Z'))).toBe(1);
    expect(await keys('missingCheckOut:')).toEqual([`missingCheckOut:${presentDay}`]);
    expect(await sendMissingCheckOutNotices(s.db, at('2026-11-25T07:00:00Z'))).toBe(0);
    expect(await keys('missingCheckOut:')).toEqual([`missingCheckOut:${presentDay}`]);
  });
});
