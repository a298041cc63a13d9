import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordPunch, type PunchRequest } from '../../src/server/services/punch/record-punch.ts';
import { adminDashboard } from '../../src/server/services/dashboard/admin-dashboard.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/** Issue 17.6: "on a break since" is when the break started, not the check-in. */

let s: ServiceDb;
let ana: number;
const previous = { test: process.env.JORNADA_TEST, now: process.env.JORNADA_FAKE_NOW };
const at = (iso: string) => {
  process.env.JORNADA_FAKE_NOW = iso;
};
const punch = (action: PunchRequest['action']): PunchRequest => ({
  action,
  identity: { kind: 'pin', pin: '4815162' },
  address: '192.0.2.20',
  terminal: null,
  lang: 'es',
});

beforeAll(async () => {
  process.env.JORNADA_TEST = '1';
  s = await openServiceDb();
  ana = await s.addEmployee({ firstName: 'Ana', pin: '4815162' });
  await s.db
    .insertInto('schedules')
    .values({
      employeeId: ana,
      startTime: '09:00',
      offTime: '17:00',
      totalHours: 8,
      restDays: '[]',
      fromDate: '2020-01-01',
      toDate: null,
      status: 'current',
      createdAt: '2020-01-01T00:00:00.000Z',
      updatedAt: '2020-01-01T00:00:00.000Z',
    })
    .execute();
});

afterAll(async () => {
  await s.close();
  process.env.JORNADA_TEST = previous.test;
  if (previous.now === undefined) delete process.env.JORNADA_FAKE_NOW;
  else process.env.JORNADA_FAKE_NOW = previous.now;
});

describe('admin dashboard presence', () => {
  it('lists someone on a break with the break start, and someone working with the check-in', async () => {
    at('2026-03-04T09:02:00.000Z');
    await recordPunch(s.db, punch('check-in'));
    at('2026-03-04T10:30:00.000Z');
    const working = await adminDashboard(s.db, s.admin);
    expect(working.presence.working.map((p) => [p.id, p.at])).toEqual([[ana, '2026-03-04T09:02:00.000Z']]);

    await recordPunch(s.db, punch('break-in'));
    at('2026-03-04T10:45:00.000Z');
    const onBreak = await adminDashboard(s.db, s.admin);
    expect(onBreak.presence.working).toEqual([]);
    expect(onBreak.presence.onBreak.map((p) => [p.id, p.at])).toEqual([[ana, '2026-03-04T10:30:00.000Z']]);

    at('2026-03-04T11:00:00.000Z');
    await recordPunch(s.db, punch('break-out'));
    const back = await adminDashboard(s.db, s.admin);
    expect(back.presence.working.map((p) => [p.id, p.at])).toEqual([[ana, '2026-03-04T09:02:00.000Z']]);
  });
});
