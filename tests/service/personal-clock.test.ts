import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLOCK_MESSAGES } from '../../src/domain/messages/spec-messages.ts';
import { deviceSummary, PersonalClockRequestSchema, type PersonalClockRequest } from '../../src/domain/clock/personal-clock.ts';
import { translate } from '../../src/i18n/translate.ts';
import { approvePeriods } from '../../src/server/services/periods/approve-periods.ts';
import { recordPersonalPunch, type PersonalPunchRequest } from '../../src/server/services/punch/record-personal-punch.ts';
import { personalClockView } from '../../src/server/services/personal/personal-clock-view.ts';
import { verifyRecordChain } from '../../src/server/services/record-chain/verify-record-chain.ts';
import { monthlyRecords } from '../../src/server/services/reports/monthly-records.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * The personal clock (issue 36 point 3, decision 067): a signed-in worker punches for the
 * employee linked to their account, through the kiosk's engine, lock, chain, audit and webhooks;
 * every switch and refusal is the service's, where the punch is written.
 */

let s: ServiceDb;
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const at = (iso: string) => {
  process.env['JORNADA_TEST'] = '1';
  process.env['JORNADA_FAKE_NOW'] = iso;
};

/** A current 09:00-17:00 schedule with no rest day, so no test depends on the weekday. */
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
/** An employee with a schedule and an Employee account linked to it. */
async function worker(firstName: string, personalClock: 'allowed' | 'denied' | null = null) {
  workers++;
  const employeeId = await s.addEmployee({ firstName, pin: String(7000000 + workers) });
  await addEveryDaySchedule(employeeId);
  if (personalClock) await s.db.updateTable('employees').set({ personalClock }).where('id', '=', employeeId).execute();
  const account = await s.addAccount({ email: `worker${workers}@service.test`, accountType: 'Employee', roleId: s.roles.employee, employeeId });
  return { employeeId, user: { id: account.id, employeeId } };
}

const request = (user: PersonalPunchRequest['user'], input: Partial<PersonalClockRequest> & Pick<PersonalClockRequest, 'action'>): PersonalPunchRequest => ({
  user,
  input: { workMode: 'on-site', ...input },
  userAgent: IPHONE,
  address: '198.51.100.7',
  lang: 'en',
});

const punchesOf = (employeeId: number) => s.db.selectFrom('punches').selectAll().where('employeeId', '=', employeeId).orderBy('id').execute();
const companyClock = (on: 0 | 1) => s.db.updateTable('companies').set({ personalClock: on }).where('id', '=', s.companyId).execute();

beforeAll(async () => {
  s = await openServiceDb();
  await companyClock(1);
});
afterEach(() => {
  delete process.env['JORNADA_FAKE_NOW'];
});
afterAll(async () => {
  await companyClock(1);
  await s.close();
});

describe('a personal punch goes through the kiosk’s engine and writes what a kiosk punch writes', () => {
  it('checks in remote: method personal, work mode, device; the day is remote; audited with the account; chained; webhook', async () => {
    const { employeeId, user } = await worker('Rita');
    await s.db
      .insertInto('webhooks')
      .values({ companyId: s.companyId, url: 'http://127.0.0.1:9/hook', events: '["punch.recorded"]', secret: 'sealed', createdBy: null, createdAt: '2031-01-01T00:00:00.000Z', updatedAt: '2031-01-01T00:00:00.000Z' })
      .execute();
    at('2031-03-03T09:01:00Z');
    const answer = await recordPersonalPunch(s.db, request(user, { action: 'check-in', workMode: 'remote' }));
    expect(answer).toMatchObject({ message: translate('en', CLOCK_MESSAGES.recordedSuccessfully), time: '2031-03-03T09:01:00.000Z' });
    expect(answer.state).toMatchObject({ allowed: true, status: 'working', actions: ['break-in', 'check-out'], openWorkMode: 'remote' });
    expect(answer.state.punches).toEqual([{ action: 'check-in', at: '2031-03-03T09:01:00.000Z', method: 'personal', where: 'Safari 18 · iPhone', workMode: 'remote', place: null }]);

    const [punch] = await punchesOf(employeeId);
    expect(punch).toMatchObject({ method: 'personal', workMode: 'remote', device: 'Safari 18 · iPhone', terminal: null, terminalId: null });
    const day = await s.db.selectFrom('attendances').select(['workMode', 'source']).where('employeeId', '=', employeeId).executeTakeFirstOrThrow();
    expect(day).toEqual({ workMode: 'remote', source: 'clock' });
    const audit = await s.db.selectFrom('auditLog').select(['userId', 'after']).where('action', '=', 'clock.check-in').where('entityId', '=', String(punch!.attendanceId)).executeTakeFirstOrThrow();
    expect(audit.userId).toBe(user.id);
    expect(JSON.parse(audit.after!)).toMatchObject({ employeeId, method: 'personal', workMode: 'remote', device: 'Safari 18 · iPhone' });
    const outbox = await s.db.selectFrom('outbox').select(['payload']).where('channel', '=', 'webhook').execute();
    expect(outbox.map((o) => JSON.parse(JSON.parse(o.payload).body).data)).toEqual([expect.objectContaining({ employeeId, action: 'check-in', method: 'personal', workMode: 'remote', offline: false })]);

    // The punch and its day verify; only the fixture's schedules, inserted without the repository, are unchained.
    const chain = await verifyRecordChain(s.db);
    expect(chain.broken.filter((b) => b.kind !== 'schedule')).toEqual([]);
    expect(chain.entries).toBeGreaterThanOrEqual(2);
    await s.db.deleteFrom('outbox').execute();
    await s.db.deleteFrom('webhooks').execute();
  });

  it('the monthly record shows the day as remote, from the check-in', async () => {
    const { employeeId, user } = await worker('Remo');
    at('2031-03-04T09:00:00Z');
    await recordPersonalPunch(s.db, request(user, { action: 'check-in', workMode: 'remote' }));
    at('2031-03-04T17:00:00Z');
    await recordPersonalPunch(s.db, request(user, { action: 'check-out', workMode: 'remote' }));
    const { records } = await monthlyRecords(s.db, { employee: employeeId }, '2031-03');
    const day = records[0]!.record.days.find((d) => d.date === '2031-03-04');
    expect(day).toMatchObject({ workMode: 'remote' });
  });

  it('the clock engine refuses as at the kiosk (409, nothing written but the audit)', async () => {
    const { employeeId, user } = await worker('Nadia');
    at('2031-03-03T09:05:00Z');
    const error = await recordPersonalPunch(s.db, request(user, { action: 'check-out' })).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: CLOCK_MESSAGES.noAttendanceData, status: 409 });
    expect(await punchesOf(employeeId)).toHaveLength(0);
    const refused = await s.db.selectFrom('auditLog').select(['userId', 'after']).where('action', '=', 'clock.refused').where('entityId', '=', String(employeeId)).execute();
    expect(refused).toHaveLength(1);
    expect(refused[0]!.userId).toBe(user.id);
    expect(JSON.parse(refused[0]!.after!)).toMatchObject({ method: 'personal', code: CLOCK_MESSAGES.noAttendanceData });
  });

  it('a double tap is recorded once and answered with the first punch’s time', async () => {
    const { employeeId, user } = await worker('Doble');
    at('2031-03-03T09:02:00Z');
    await recordPersonalPunch(s.db, request(user, { action: 'check-in' }));
    at('2031-03-03T09:02:03Z');
    const again = await recordPersonalPunch(s.db, request(user, { action: 'check-in' }));
    expect(again.time).toBe('2031-03-03T09:02:00.000Z');
    expect(await punchesOf(employeeId)).toHaveLength(1);
  });

  it('a punch on a day of an approved period is refused: periods.locked (409)', async () => {
    const { employeeId, user } = await worker('Cerrada');
    at('2031-03-05T10:00:00Z');
    expect(await approvePeriods(s.db, { date: '2031-02-01', employees: [employeeId] }, s.admin)).toMatchObject({ approved: 1 });
    // The server's clock back inside the approved month (a live punch lands there only this way).
    at('2031-02-20T09:01:00Z');
    await expect(recordPersonalPunch(s.db, request(user, { action: 'check-in' }))).rejects.toMatchObject({ code: 'periods.locked', status: 409 });
    expect(await punchesOf(employeeId)).toHaveLength(0);
  });
});

describe('nobody punches for anyone else, and only where the switches allow it', () => {
  it('another employee’s id in the body is dropped by the contract: the punch is the session’s own employee', async () => {
    const me = await worker('Yo');
    const colleague = await worker('Colega');
    const parsed = v.parse(PersonalClockRequestSchema, { action: 'check-in', workMode: 'on-site', employeeId: colleague.employeeId, employee: colleague.employeeId, pin: '7000001' });
    expect(parsed).toEqual({ action: 'check-in', workMode: 'on-site' });
    at('2031-03-03T09:03:00Z');
    await recordPersonalPunch(s.db, request(me.user, parsed));
    expect(await punchesOf(me.employeeId)).toHaveLength(1);
    expect(await punchesOf(colleague.employeeId)).toHaveLength(0);
  });

  it('off for the company: 403 personalClock.notAllowed; the employee’s "allowed" overrides it', async () => {
    const plain = await worker('Normal');
    const allowed = await worker('Permitida', 'allowed');
    await companyClock(0);
    try {
      at('2031-03-03T09:04:00Z');
      await expect(recordPersonalPunch(s.db, request(plain.user, { action: 'check-in' }))).rejects.toMatchObject({ code: 'personalClock.notAllowed', status: 403 });
      expect(await punchesOf(plain.employeeId)).toHaveLength(0);
      expect((await personalClockView(s.db, plain.employeeId))?.allowed).toBe(false);
      await recordPersonalPunch(s.db, request(allowed.user, { action: 'check-in' }));
      expect(await punchesOf(allowed.employeeId)).toHaveLength(1);
    } finally {
      await companyClock(1);
    }
  });

  it('on for the company, "denied" for the employee: 403', async () => {
    const denied = await worker('Denegada', 'denied');
    at('2031-03-03T09:04:00Z');
    await expect(recordPersonalPunch(s.db, request(denied.user, { action: 'check-in' }))).rejects.toMatchObject({ code: 'personalClock.notAllowed', status: 403 });
    expect(await punchesOf(denied.employeeId)).toHaveLength(0);
  });

  it('an archived employee: 403 punch.employeeArchived', async () => {
    const gone = await worker('Archivada');
    await s.db.updateTable('employees').set({ status: 'archived' }).where('id', '=', gone.employeeId).execute();
    at('2031-03-03T09:04:00Z');
    await expect(recordPersonalPunch(s.db, request(gone.user, { action: 'check-in' }))).rejects.toMatchObject({ code: 'punch.employeeArchived', status: 403 });
  });

  it('an account without a linked employee: 403 personalClock.noEmployee, with a message in both languages', async () => {
    const error = await recordPersonalPunch(s.db, request({ id: s.admin.id, employeeId: null }, { action: 'check-in' })).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'personalClock.noEmployee', status: 403 });
    expect(translate('es', 'personalClock.noEmployee')).toMatch(/no está vinculada/);
  });

  it('through an API token: 403 personalClock.tokenRefused, even for an account with an employee', async () => {
    const { employeeId, user } = await worker('Token');
    at('2031-03-03T09:04:00Z');
    await expect(recordPersonalPunch(s.db, request({ ...user, apiTokenId: 1 }, { action: 'check-in' }))).rejects.toMatchObject({ code: 'personalClock.tokenRefused', status: 403 });
    expect(await punchesOf(employeeId)).toHaveLength(0);
  });

  it('a forged door code is refused (422 on the field, decision 069); with proof of place off a location is validated and kept nowhere', async () => {
    const { employeeId, user } = await worker('Puerta');
    at('2031-03-03T09:04:00Z');
    await expect(recordPersonalPunch(s.db, request(user, { action: 'check-in', doorCode: 'abc' }))).rejects.toMatchObject({ status: 422, fields: { doorCode: 'doorCode.invalid' } });
    expect(v.safeParse(PersonalClockRequestSchema, { action: 'check-in', workMode: 'on-site', location: { lat: 91, lng: 0, accuracy: 5 } }).success).toBe(false);
    expect(v.safeParse(PersonalClockRequestSchema, { action: 'check-in', workMode: 'home' }).success).toBe(false);
    await recordPersonalPunch(s.db, request(user, { action: 'check-in', location: { lat: 40.4168, lng: -3.7038, accuracy: 12 } }));
    const [punch] = await punchesOf(employeeId);
    expect(JSON.stringify(punch)).not.toContain('40.4168');
    const audits = await s.db.selectFrom('auditLog').select('after').where('entity', '=', 'attendance').where('entityId', '=', String(punch!.attendanceId)).execute();
    expect(JSON.stringify(audits)).not.toContain('40.4168');
  });
});

describe('deviceSummary', () => {
  it('names browser and system briefly, never the whole agent', () => {
    expect(deviceSummary(IPHONE)).toBe('Safari 18 · iPhone');
    expect(deviceSummary('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36')).toBe('Chrome 131 · Android');
    expect(deviceSummary('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toBe('Edge 131 · Windows');
    expect(deviceSummary('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox 133 · Linux');
    expect(deviceSummary(null)).toBe('?');
    expect(deviceSummary('x'.repeat(5000)).length).toBeLessThanOrEqual(60);
  });
});
