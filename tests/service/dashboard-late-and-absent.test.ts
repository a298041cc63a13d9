import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDashboard } from '../../src/server/services/dashboard/admin-dashboard.ts';
import { workTimeExceptions } from '../../src/server/services/dashboard/work-time-exceptions.ts';
import { getSettings } from '../../src/server/services/get-settings.ts';
import { personalDashboard } from '../../src/server/services/personal/personal-dashboard.ts';
import { recordPunch, type PunchRequest } from '../../src/server/services/punch/record-punch.ts';
import { createSchedule } from '../../src/server/services/schedules/save-schedule.ts';
import { updateSettings } from '../../src/server/services/update-settings.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Issue 37 points 2 and 3, on a fixed fake clock (Madrid, UTC+1 in March): four people due at
 * 07:00 (06:00Z) until 15:00 (14:00Z), 5 minutes of grace.
 * - Ana checked in at 06:53 on Tuesday 3 March and never checked out.
 * - Bea never comes. Carl checks in on time on Wednesday and forgets to check out. Dan is 20 min late.
 * Nobody without a check-in is "on time" after start + grace: they are late by now, then absent
 * once the shift is over. A day left open is not "working" the morning after: it is an exception.
 */

let s: ServiceDb;
const ids: Record<'ana' | 'bea' | 'carl' | 'dan', number> = { ana: 0, bea: 0, carl: 0, dan: 0 };
const PINS = { ana: '4815162', bea: '2342342', carl: '6060606', dan: '7070707' } as const;
const previous = { test: process.env.JORNADA_TEST, now: process.env.JORNADA_FAKE_NOW };
const at = (iso: string) => {
  process.env.JORNADA_FAKE_NOW = iso;
};
const punch = async (who: keyof typeof PINS, action: PunchRequest['action'], iso: string) => {
  at(iso);
  const result = await recordPunch(s.db, { action, identity: { kind: 'pin', pin: PINS[who] }, address: '192.0.2.30', terminal: null, lang: 'es' });
  expect(result).toMatchObject({ time: iso });
};
const dashboardAt = async (iso: string) => {
  at(iso);
  return adminDashboard(s.db, s.admin);
};
const names = (people: readonly { id: number }[]) => people.map((p) => Object.entries(ids).find(([, id]) => id === p.id)![0]).sort();
const todayOf = (d: Awaited<ReturnType<typeof adminDashboard>>) => d.month.find((day) => day.date === d.today)!;

beforeAll(async () => {
  process.env.JORNADA_TEST = '1';
  at('2026-03-01T08:00:00.000Z');
  s = await openServiceDb();
  await updateSettings(s.db, { ...(await getSettings(s.db)), timezone: 'Europe/Madrid', graceMinutes: 5 }, s.admin.id);
  for (const [name, pin] of Object.entries(PINS) as [keyof typeof PINS, string][]) {
    ids[name] = await s.addEmployee({ firstName: name, pin });
    await createSchedule(s.db, { employee: ids[name], startTime: '07:00', offTime: '15:00', totalHours: 8, restDays: [], fromDate: '2026-03-02', toDate: null }, s.admin);
  }
  await punch('ana', 'check-in', '2026-03-03T05:53:00.000Z');
});

afterAll(async () => {
  await s.close();
  process.env.JORNADA_TEST = previous.test;
  if (previous.now === undefined) delete process.env.JORNADA_FAKE_NOW;
  else process.env.JORNADA_FAKE_NOW = previous.now;
});

describe('admin dashboard: late, absent, forgotten check-out (issue 37)', () => {
  it('before the start nobody is late, and yesterday’s open day is not someone working', async () => {
    const d = await dashboardAt('2026-03-04T05:30:00.000Z');
    expect(d.today).toBe('2026-03-04');
    expect(names(d.presence.expected)).toEqual(['ana', 'bea', 'carl', 'dan']);
    expect(d.presence.working).toEqual([]);
    expect(d.late).toEqual([]);
    const exceptions = await workTimeExceptions(s.db, s.admin);
    expect(exceptions.map((e) => [e.employeeId, e.date, e.missingCheckOut, e.timeIn])).toEqual([[ids.ana, '2026-03-03', true, '2026-03-03T05:53:00.000Z']]);
  });

  it('within the grace still expected; after it, everyone without a check-in is late by now', async () => {
    await punch('carl', 'check-in', '2026-03-04T05:58:00.000Z');
    expect(names((await dashboardAt('2026-03-04T06:05:00.000Z')).presence.expected)).toEqual(['ana', 'bea', 'dan']);
    expect(names((await dashboardAt('2026-03-04T06:05:01.000Z')).presence.notArrived)).toEqual(['ana', 'bea', 'dan']);
    await punch('dan', 'check-in', '2026-03-04T06:20:00.000Z');

    const d = await dashboardAt('2026-03-04T08:00:00.000Z');
    expect(names(d.presence.working)).toEqual(['carl', 'dan']);
    expect(names(d.presence.notArrived)).toEqual(['ana', 'bea']);
    // Those still missing first, late by the whole time since 07:00; then the check-ins.
    expect(d.late.map((p) => [p.id, p.checkedIn, p.seconds])).toEqual([
      [ids.ana, false, 2 * 3600],
      [ids.bea, false, 2 * 3600],
      [ids.dan, true, 20 * 60],
    ]);
    expect(todayOf(d)).toMatchObject({ present: 1, late: 3, absent: 0 });
  });

  it('after the shift, those who never came are absent, not late', async () => {
    await punch('dan', 'check-out', '2026-03-04T14:00:00.000Z');
    const d = await dashboardAt('2026-03-04T15:00:00.000Z');
    expect(names(d.presence.absent)).toEqual(['ana', 'bea']);
    expect(d.presence.notArrived).toEqual([]);
    expect(d.late.map((p) => [p.id, p.checkedIn])).toEqual([[ids.dan, true]]);
    expect(names(d.presence.left)).toEqual(['dan']);
    // Carl's day is still the shift being worked (under the clock's 16 h).
    expect(names(d.presence.working)).toEqual(['carl']);
    expect(todayOf(d)).toMatchObject({ present: 1, late: 1, absent: 2 });
    expect((await personalDashboard(s.db, ids.bea))!.presence).toBe('absent');
  });

  it('the next morning a forgotten check-out shows its date, "no check-out", and is an exception', async () => {
    const d = await dashboardAt('2026-03-05T08:00:00.000Z');
    expect(d.presence.working).toEqual([]);
    expect(names(d.presence.notArrived)).toEqual(['ana', 'bea', 'carl', 'dan']);
    const carlsDay = d.recentAttendances.find((a) => a.employeeId === ids.carl)!;
    expect(carlsDay).toMatchObject({ date: '2026-03-04', timeOut: null, missingCheckOut: true });
    expect(d.recentAttendances.find((a) => a.employeeId === ids.dan)).toMatchObject({ missingCheckOut: false });
    // Yesterday's figures count the no-shows as absences (the one day rule).
    expect(d.previousDays[0]).toMatchObject({ date: '2026-03-04', present: 1, late: 1, absent: 2 });
    // The last seven days stop at the day the company's record began here (1 March).
    expect(d.previousDays.map((day) => day.date)).toEqual(['2026-03-04', '2026-03-03', '2026-03-02', '2026-03-01']);
    // Carl's own dashboard says so too: not working, late today.
    expect((await personalDashboard(s.db, ids.carl))!.presence).toBe('notArrived');
    const exceptions = await workTimeExceptions(s.db, s.admin);
    expect(exceptions.filter((e) => e.missingCheckOut).map((e) => [e.employeeId, e.date])).toEqual([
      [ids.carl, '2026-03-04'],
      [ids.ana, '2026-03-03'],
    ]);
  });
});
