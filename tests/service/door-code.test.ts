import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordPersonalPunch, type PersonalPunchRequest } from '../../src/server/services/punch/record-personal-punch.ts';
import { currentDoorCode } from '../../src/server/services/terminals/door-terminal.ts';
import { resolveTerminal } from '../../src/server/services/terminals/resolve-terminal.ts';
import { revokeTerminal } from '../../src/server/services/terminals/revoke-terminal.ts';
import { secretHash } from '../../src/server/services/terminals/terminal-secrets.ts';
import type { PersonalClockRequest } from '../../src/domain/clock/personal-clock.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * The door QR code (issue 36 point 6, decision 069): a personal punch sent with the code of a paired
 * kiosk is on site at that terminal; a forged, old, revoked or switched-off terminal's code writes
 * nothing.
 */

let s: ServiceDb;
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const at = (iso: string) => {
  process.env['JORNADA_TEST'] = '1';
  process.env['JORNADA_FAKE_NOW'] = iso;
};
const seconds = (iso: string) => Date.parse(iso) / 1000;

let n = 0;
async function worker(companyId = s.companyId) {
  n++;
  const employeeId = await s.addEmployee({ firstName: `Puerta${n}`, pin: String(8100000 + n) });
  await s.db.updateTable('employees').set({ companyId }).where('id', '=', employeeId).execute();
  await s.db
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
  const account = await s.addAccount({ email: `door${n}@service.test`, accountType: 'Employee', roleId: s.roles.employee, employeeId });
  return { employeeId, user: { id: account.id, employeeId } };
}

/** A paired terminal of the company with the door code on (or off), and its credential. */
async function terminal(name: string, options: { doorCode?: 0 | 1; paired?: boolean; companyId?: number } = {}) {
  n++;
  const credential = `door-credential-${n}`.padEnd(43, 'x');
  const row = await s.db
    .insertInto('terminals')
    .values({
      companyId: options.companyId ?? s.companyId,
      name,
      location: 'Planta baja',
      methods: '["pin"]',
      credentialHash: options.paired === false ? null : secretHash(credential),
      pairedAt: options.paired === false ? null : '2030-01-01T00:00:00.000Z',
      doorCode: options.doorCode ?? 1,
      createdAt: '2030-01-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, credential };
}

const clockTerminal = async (credential: string) => {
  const resolved = await resolveTerminal(s.db, credential);
  if (resolved.kind !== 'valid') throw new Error(resolved.kind);
  return resolved.terminal;
};

const request = (user: PersonalPunchRequest['user'], input: Partial<PersonalClockRequest> & Pick<PersonalClockRequest, 'action'>): PersonalPunchRequest => ({
  user,
  input: { workMode: 'remote', ...input },
  userAgent: ANDROID,
  address: '198.51.100.9',
  lang: 'es',
});
const punchesOf = (employeeId: number) => s.db.selectFrom('punches').selectAll().where('employeeId', '=', employeeId).orderBy('id').execute();
const attendancesOf = (employeeId: number) => s.db.selectFrom('attendances').selectAll().where('employeeId', '=', employeeId).execute();

beforeAll(async () => {
  s = await openServiceDb();
  await s.db.updateTable('companies').set({ personalClock: 1 }).execute();
});
afterEach(() => {
  delete process.env['JORNADA_FAKE_NOW'];
});
afterAll(async () => {
  await s.close();
});

describe('a punch with a door code is on site at its terminal', () => {
  it('forces on site (the worker said remote), records the terminal’s id and name, method personal, the device', async () => {
    const { employeeId, user } = await worker();
    const door = await terminal('Entrada');
    at('2031-03-03T09:02:10Z');
    const { code } = currentDoorCode(await clockTerminal(door.credential), seconds('2031-03-03T09:02:10Z'));
    at('2031-03-03T09:02:40Z');
    const answer = await recordPersonalPunch(s.db, request(user, { action: 'check-in', doorCode: code }));
    expect(answer.state.status).toBe('working');
    expect(answer.state.punches.at(-1)).toMatchObject({ method: 'personal', workMode: 'on-site', where: 'Entrada' });
    const [punch] = await punchesOf(employeeId);
    expect(punch).toMatchObject({ method: 'personal', workMode: 'on-site', terminalId: door.id, terminal: 'Entrada', device: 'Chrome 131 · Android' });
    expect((await attendancesOf(employeeId))[0]).toMatchObject({ workMode: 'on-site' });
    const audit = await s.db.selectFrom('auditLog').select(['after', 'userId']).where('action', '=', 'clock.check-in').where('userId', '=', user.id).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!)).toMatchObject({ terminalId: door.id, terminal: 'Entrada', workMode: 'on-site' });
  });

  it('the same code again within its 60 s is the door: a later action goes through; a double tap writes nothing', async () => {
    const { employeeId, user } = await worker();
    const door = await terminal('Muelle');
    at('2031-03-03T13:00:00Z');
    const { code } = currentDoorCode(await clockTerminal(door.credential), seconds('2031-03-03T13:00:00Z'));
    await recordPersonalPunch(s.db, request(user, { action: 'check-in', doorCode: code }));
    at('2031-03-03T13:00:03Z');
    await recordPersonalPunch(s.db, request(user, { action: 'check-in', doorCode: code }));
    expect(await punchesOf(employeeId)).toHaveLength(1);
    at('2031-03-03T13:00:50Z');
    await recordPersonalPunch(s.db, request(user, { action: 'break-in', doorCode: code }));
    expect((await punchesOf(employeeId)).map((p) => [p.action, p.terminalId])).toEqual([
      ['check-in', door.id],
      ['break-in', door.id],
    ]);
  });
});

describe('a refused door code writes nothing', () => {
  const refused = async (user: PersonalPunchRequest['user'], employeeId: number, code: string, key: string) => {
    await expect(recordPersonalPunch(s.db, request(user, { action: 'check-in', doorCode: code }))).rejects.toMatchObject({ code: key, status: 422, fields: { doorCode: key } });
    expect(await punchesOf(employeeId)).toHaveLength(0);
    expect(await attendancesOf(employeeId)).toHaveLength(0);
  };

  it('older than 60 s: expired', async () => {
    const { employeeId, user } = await worker();
    const door = await terminal('Vieja');
    at('2031-03-04T09:00:00Z');
    const { code } = currentDoorCode(await clockTerminal(door.credential), seconds('2031-03-04T09:00:00Z'));
    at('2031-03-04T09:01:00Z');
    await refused(user, employeeId, code, 'doorCode.expired');
  });

  it('forged or moved to another terminal: invalid', async () => {
    const { employeeId, user } = await worker();
    const door = await terminal('Original');
    const other = await terminal('Otra puerta');
    at('2031-03-04T10:00:00Z');
    const { code } = currentDoorCode(await clockTerminal(door.credential), seconds('2031-03-04T10:00:00Z'));
    await refused(user, employeeId, code.replace(/^\d+\./, `${other.id}.`), 'doorCode.invalid');
    await refused(user, employeeId, code.slice(0, -2) + (code.endsWith('AA') ? 'BB' : 'AA'), 'doorCode.invalid');
  });

  it('a revoked terminal’s code, even a fresh one, and a code of a terminal whose door code was turned off', async () => {
    const { employeeId, user } = await worker();
    const door = await terminal('Revocada');
    at('2031-03-04T11:00:00Z');
    const { code } = currentDoorCode(await clockTerminal(door.credential), seconds('2031-03-04T11:00:00Z'));
    await revokeTerminal(s.db, { ...s.admin, accountType: 'Admin', companyId: s.companyId } as never, door.id);
    await refused(user, employeeId, code, 'doorCode.terminalUnavailable');

    const off = await terminal('Apagada');
    const { code: offCode } = currentDoorCode(await clockTerminal(off.credential), seconds('2031-03-04T11:00:00Z'));
    await s.db.updateTable('terminals').set({ doorCode: 0 }).where('id', '=', off.id).execute();
    await refused(user, employeeId, offCode, 'doorCode.terminalUnavailable');
    await expect(async () => currentDoorCode(await clockTerminal(off.credential), seconds('2031-03-04T11:00:00Z'))).rejects.toMatchObject({ code: 'doorCode.off', status: 403 });
  });

  it('a terminal of another company', async () => {
    const created = '2030-01-01T00:00:00.000Z';
    const otherCompany = (await s.db.insertInto('companies').values({ name: 'Otra', createdAt: created, updatedAt: created, personalClock: 1 }).returning('id').executeTakeFirstOrThrow()).id;
    const { employeeId, user } = await worker(otherCompany);
    const door = await terminal('Ajena');
    at('2031-03-04T12:00:00Z');
    const { code } = currentDoorCode(await clockTerminal(door.credential), seconds('2031-03-04T12:00:00Z'));
    await refused(user, employeeId, code, 'doorCode.otherCompany');
  });
});
