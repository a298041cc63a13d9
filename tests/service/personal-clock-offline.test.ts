import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { receivePersonalPunches, type PersonalLateRequest } from '../../src/server/services/clock-offline/receive-personal-punches.ts';
import { findClockConflict } from '../../src/server/db/repositories/clock-conflicts.ts';
import { toConflictDto } from '../../src/server/services/clock-offline/conflict-dto.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * The personal clock's offline queue (issue 36 point 4, decision 071): the punches a worker's
 * device kept while the network was down are judged by the kiosk's late-punch rules (receipts,
 * sequence, device clock, order of the day, the engine at the punch's time, conflicts), for the
 * session's own employee only, per (account, device) sequence.
 */

let s: ServiceDb;
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const DEVICE = 'phone-0123456789';

const at = (iso: string) => {
  process.env['JORNADA_TEST'] = '1';
  process.env['JORNADA_FAKE_NOW'] = iso;
};

const addEveryDaySchedule = (employeeId: number) =>
  s.db
    .insertInto('schedules')
    .values({
      employeeId,
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

let workers = 0;
async function worker(firstName: string) {
  workers++;
  const employeeId = await s.addEmployee({ firstName, pin: String(7100000 + workers) });
  await addEveryDaySchedule(employeeId);
  const account = await s.addAccount({ email: `offline${workers}@service.test`, accountType: 'Employee', roleId: s.roles.employee, employeeId });
  return { employeeId, user: { id: account.id, employeeId } };
}

type Punch = { seq: number; at: string; action: string; workMode: string };
const send = (user: PersonalLateRequest['user'], sentAt: string, punches: Punch[], extra: Record<string, unknown> = {}) =>
  receivePersonalPunches(s.db, { user, body: { device: DEVICE, sentAt, punches, ...extra }, userAgent: IPHONE });

const punchesOf = (employeeId: number) => s.db.selectFrom('punches').select(['action', 'at', 'method', 'offlineSeq', 'createdAt', 'workMode', 'device']).where('employeeId', '=', employeeId).orderBy('id').execute();
const conflictsOf = (employeeId: number) =>
  s.db.selectFrom('clockConflicts').select(['seq', 'seqTo', 'reason', 'method', 'terminalName', 'terminalId', 'personalDeviceId', 'companyId']).where('employeeId', '=', employeeId).orderBy('id').execute();

beforeAll(async () => {
  s = await openServiceDb();
  await s.db.updateTable('companies').set({ personalClock: 1 }).where('id', '=', s.companyId).execute();
});
afterEach(() => {
  delete process.env['JORNADA_FAKE_NOW'];
});
afterAll(async () => {
  await s.close();
});

describe('kept punches arrive in order, at the time they were made', () => {
  it('check-in, break, check-out made offline are recorded in order at their device times, marked offline, for the session’s employee', async () => {
    const { employeeId, user } = await worker('Olga');
    at('2031-03-03T13:00:00Z');
    const answer = await send(user, '2031-03-03T13:00:00.000Z', [
      { seq: 1, at: '2031-03-03T09:02:00.000Z', action: 'check-in', workMode: 'remote' },
      { seq: 2, at: '2031-03-03T11:00:00.000Z', action: 'break-in', workMode: 'remote' },
      { seq: 3, at: '2031-03-03T11:15:00.000Z', action: 'break-out', workMode: 'remote' },
    ]);
    expect(answer.results).toEqual([
      { seq: 1, status: 'recorded', time: '2031-03-03T09:02:00.000Z' },
      { seq: 2, status: 'recorded', time: '2031-03-03T11:00:00.000Z' },
      { seq: 3, status: 'recorded', time: '2031-03-03T11:15:00.000Z' },
    ]);
    expect(answer.lastSeq).toBe(3);
    expect(answer.state).toMatchObject({ status: 'working', openWorkMode: 'remote' });
    const rows = await punchesOf(employeeId);
    expect(rows.map((p) => [p.action, p.at, p.offlineSeq, p.method, p.workMode, p.device])).toEqual([
      ['check-in', '2031-03-03T09:02:00.000Z', 1, 'personal', 'remote', 'Safari 18 · iPhone'],
      ['break-in', '2031-03-03T11:00:00.000Z', 2, 'personal', 'remote', 'Safari 18 · iPhone'],
      ['break-out', '2031-03-03T11:15:00.000Z', 3, 'personal', 'remote', 'Safari 18 · iPhone'],
    ]);
    expect(rows.every((p) => p.createdAt === '2031-03-03T13:00:00.000Z')).toBe(true);
    const day = await s.db.selectFrom('attendances').select(['statusIn', 'workMode']).where('employeeId', '=', employeeId).executeTakeFirstOrThrow();
    expect(day).toEqual({ statusIn: 'on_time', workMode: 'remote' });
    const audit = await s.db.selectFrom('auditLog').select(['userId', 'after']).where('action', '=', 'clock.check-in').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.userId).toBe(user.id);
    expect(JSON.parse(audit.after!)).toMatchObject({ employeeId, method: 'personal', offline: true, seq: 1, deviceAt: '2031-03-03T09:02:00.000Z', receivedAt: '2031-03-03T13:00:00.000Z' });
    expect(await conflictsOf(employeeId)).toEqual([]);
  });

  it('a batch sent again (the answer was lost) is answered as the first time and writes nothing', async () => {
    const { employeeId, user } = await worker('Rui');
    at('2031-03-04T10:00:00Z');
    const batch: Punch[] = [{ seq: 1, at: '2031-03-04T09:00:00.000Z', action: 'check-in', workMode: 'on-site' }];
    const first = await send(user, '2031-03-04T10:00:00.000Z', batch);
    at('2031-03-04T10:05:00Z');
    const again = await send(user, '2031-03-04T10:05:00.000Z', batch);
    expect(again.results).toEqual(first.results);
    expect(again.results).toEqual([{ seq: 1, status: 'recorded', time: '2031-03-04T09:00:00.000Z' }]);
    expect(await punchesOf(employeeId)).toHaveLength(1);
    const receipts = await s.db
      .selectFrom('personalOfflineReceipts')
      .innerJoin('personalDevices', 'personalDevices.id', 'personalOfflineReceipts.deviceId')
      .select(['seq', 'status'])
      .where('personalDevices.userId', '=', user.id)
      .execute();
    expect(receipts).toEqual([{ seq: 1, status: 'recorded' }]);
  });

  it('the device clock an hour slow: the punch is moved by the measured error (sentAt against arrival)', async () => {
    const { employeeId, user } = await worker('Lena');
    at('2031-03-05T12:00:00Z');
    // The phone says 11:00 when sending at 12:00 (server): its 08:58 check-in really was 09:58.
    const answer = await send(user, '2031-03-05T11:00:00.000Z', [{ seq: 1, at: '2031-03-05T08:58:00.000Z', action: 'check-in', workMode: 'on-site' }]);
    expect(answer.results).toEqual([{ seq: 1, status: 'recorded', time: '2031-03-05T09:58:00.000Z' }]);
    expect((await punchesOf(employeeId))[0]).toMatchObject({ at: '2031-03-05T09:58:00.000Z' });
    const audit = await s.db.selectFrom('auditLog').select('after').where('action', '=', 'clock.check-in').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!)).toMatchObject({ deviceAt: '2031-03-05T08:58:00.000Z', skewSeconds: 3600 });
  });

  it('each device has its own sequence: a second phone starts at 1 too', async () => {
    const { employeeId, user } = await worker('Duo');
    at('2031-03-06T12:00:00Z');
    await send(user, '2031-03-06T12:00:00.000Z', [{ seq: 1, at: '2031-03-06T09:00:00.000Z', action: 'check-in', workMode: 'on-site' }]);
    const other = await send(user, '2031-03-06T12:00:00.000Z', [{ seq: 1, at: '2031-03-06T11:00:00.000Z', action: 'break-in', workMode: 'on-site' }], { device: 'laptop-abcdefgh' });
    expect(other).toMatchObject({ results: [{ seq: 1, status: 'recorded' }], lastSeq: 1 });
    expect((await punchesOf(employeeId)).map((p) => p.action)).toEqual(['check-in', 'break-in']);
    expect(await s.db.selectFrom('personalDevices').select('device').where('userId', '=', user.id).orderBy('id').execute()).toEqual([{ device: DEVICE }, { device: 'laptop-abcdefgh' }]);
  });
});

describe('what cannot be applied is a conflict for an administrator, never lost', () => {
  it('a gap, an engine refusal and a punch before the latest one: conflicts on the device, with the employee', async () => {
    const { employeeId, user } = await worker('Gaspar');
    at('2031-03-07T09:00:00Z');
    await send(user, '2031-03-07T09:00:00.000Z', [{ seq: 1, at: '2031-03-07T09:00:00.000Z', action: 'check-in', workMode: 'on-site' }]);
    at('2031-03-07T15:00:00Z');
    const answer = await send(user, '2031-03-07T15:00:00.000Z', [
      // 2 and 3 never arrive; 4 is a second check-in (the engine refuses); 5 is the break.
      { seq: 4, at: '2031-03-07T10:00:00.000Z', action: 'check-in', workMode: 'on-site' },
      { seq: 5, at: '2031-03-07T12:00:00.000Z', action: 'break-in', workMode: 'on-site' },
    ]);
    expect(answer.results).toEqual([
      { seq: 4, status: 'conflict' },
      { seq: 5, status: 'recorded', time: '2031-03-07T12:00:00.000Z' },
    ]);
    // An earlier punch than the latest recorded one would rewrite the day's order.
    const late = await send(user, '2031-03-07T15:00:00.000Z', [{ seq: 6, at: '2031-03-07T11:00:00.000Z', action: 'break-out', workMode: 'on-site' }]);
    expect(late.results).toEqual([{ seq: 6, status: 'conflict' }]);
    const device = await s.db.selectFrom('personalDevices').select('id').where('userId', '=', user.id).executeTakeFirstOrThrow();
    const conflicts = await conflictsOf(employeeId);
    expect(conflicts.map((c) => [c.seq, c.seqTo, c.reason])).toEqual([
      [2, 3, 'sequenceGap'],
      [4, null, 'refused'],
      [6, null, 'laterPunch'],
    ]);
    expect(conflicts[1]).toMatchObject({ method: 'personal', terminalName: 'Safari 18 · iPhone', terminalId: null, personalDeviceId: device.id, companyId: s.companyId });
    // The administrators' screen names the device as a personal clock's, with the employee.
    const refused = await s.db.selectFrom('clockConflicts').select('id').where('employeeId', '=', employeeId).where('reason', '=', 'refused').executeTakeFirstOrThrow();
    const dto = toConflictDto((await findClockConflict(s.db, refused.id))!, 'en', 'Europe/Madrid');
    expect(dto).toMatchObject({ terminal: { _id: null, name: 'Safari 18 · iPhone', personal: true }, method: 'personal', employee: { _id: employeeId }, reason: 'refused' });
    expect(dto.refusal).toEqual(expect.any(String));
  });

  it('the personal clock turned off, or the employee archived, since: every kept punch is a conflict, not a 403', async () => {
    const { employeeId, user } = await worker('Apagado');
    await s.db.updateTable('employees').set({ personalClock: 'denied' }).where('id', '=', employeeId).execute();
    at('2031-03-08T12:00:00Z');
    const off = await send(user, '2031-03-08T12:00:00.000Z', [{ seq: 1, at: '2031-03-08T09:00:00.000Z', action: 'check-in', workMode: 'on-site' }]);
    expect(off.results).toEqual([{ seq: 1, status: 'conflict' }]);
    await s.db.updateTable('employees').set({ personalClock: null, status: 'archived' }).where('id', '=', employeeId).execute();
    const archived = await send(user, '2031-03-08T12:00:00.000Z', [{ seq: 2, at: '2031-03-08T10:00:00.000Z', action: 'check-in', workMode: 'on-site' }]);
    expect(archived.results).toEqual([{ seq: 2, status: 'conflict' }]);
    expect((await conflictsOf(employeeId)).map((c) => c.reason)).toEqual(['methodNotAllowed', 'archived']);
    expect(await punchesOf(employeeId)).toEqual([]);
  });
});

describe('nobody sends punches for anyone else', () => {
  it('an employee id in the body or in a punch is dropped: the punches are the session’s employee’s', async () => {
    const me = await worker('Yo');
    const other = await worker('Otro');
    at('2031-03-09T12:00:00Z');
    const answer = await receivePersonalPunches(s.db, {
      user: me.user,
      body: {
        device: DEVICE,
        sentAt: '2031-03-09T12:00:00.000Z',
        employeeId: other.employeeId,
        punches: [{ seq: 1, at: '2031-03-09T09:00:00.000Z', action: 'check-in', workMode: 'on-site', employeeId: other.employeeId, pin: '7100009' }],
      },
      userAgent: IPHONE,
    });
    expect(answer.results).toEqual([{ seq: 1, status: 'recorded', time: '2031-03-09T09:00:00.000Z' }]);
    expect(await punchesOf(me.employeeId)).toHaveLength(1);
    expect(await punchesOf(other.employeeId)).toEqual([]);
  });

  it('another account’s device id is another device: its receipts are not answered to me', async () => {
    const a = await worker('Ana');
    const b = await worker('Bea');
    at('2031-03-10T12:00:00Z');
    await send(a.user, '2031-03-10T12:00:00.000Z', [{ seq: 1, at: '2031-03-10T09:00:00.000Z', action: 'check-in', workMode: 'on-site' }]);
    const mine = await send(b.user, '2031-03-10T12:00:00.000Z', [{ seq: 1, at: '2031-03-10T09:30:00.000Z', action: 'check-in', workMode: 'on-site' }]);
    expect(mine.results).toEqual([{ seq: 1, status: 'recorded', time: '2031-03-10T09:30:00.000Z' }]);
    expect(await punchesOf(b.employeeId)).toHaveLength(1);
  });

  it('an API token: 403 personalClock.tokenRefused; no employee: 403; nothing written', async () => {
    const { employeeId, user } = await worker('Token');
    at('2031-03-11T12:00:00Z');
    const batch = [{ seq: 1, at: '2031-03-11T09:00:00.000Z', action: 'check-in', workMode: 'on-site' }];
    await expect(send({ ...user, apiTokenId: 1 }, '2031-03-11T12:00:00.000Z', batch)).rejects.toMatchObject({ status: 403, code: 'personalClock.tokenRefused' });
    await expect(send({ ...user, employeeId: null }, '2031-03-11T12:00:00.000Z', batch)).rejects.toMatchObject({ status: 403, code: 'personalClock.noEmployee' });
    expect(await punchesOf(employeeId)).toEqual([]);
    expect(await s.db.selectFrom('personalDevices').select('id').where('userId', '=', user.id).execute()).toEqual([]);
  });

  it('bad bodies are 422 and write nothing', async () => {
    const { user } = await worker('Mala');
    at('2031-03-12T12:00:00Z');
    const good = { seq: 1, at: '2031-03-12T09:00:00.000Z', action: 'check-in', workMode: 'on-site' };
    const bodies: unknown[] = [
      null,
      'x',
      { sentAt: '2031-03-12T12:00:00.000Z', punches: [good] },
      { device: 'short', sentAt: '2031-03-12T12:00:00.000Z', punches: [good] },
      { device: DEVICE, sentAt: 'yesterday', punches: [good] },
      { device: DEVICE, sentAt: '2031-03-12T12:00:00.000Z', punches: [{ ...good, workMode: 'beach' }] },
      { device: DEVICE, sentAt: '2031-03-12T12:00:00.000Z', punches: [{ ...good, seq: 0 }] },
      { device: DEVICE, sentAt: '2031-03-12T12:00:00.000Z', punches: [{ ...good, seq: 2 }, good] },
      { device: DEVICE, sentAt: '2031-03-12T12:00:00.000Z', punches: Array.from({ length: 101 }, (_, i) => ({ ...good, seq: i + 1 })) },
    ];
    for (const body of bodies) {
      await expect(receivePersonalPunches(s.db, { user, body, userAgent: IPHONE }), JSON.stringify(body)?.slice(0, 80)).rejects.toMatchObject({ status: 422 });
    }
    expect(await s.db.selectFrom('personalDevices').select('id').where('userId', '=', user.id).execute()).toEqual([]);
  });
});
