import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOCK_MESSAGES } from '../../src/domain/messages/spec-messages.ts';
import { PunchRefusal, recordPunch, type PunchRequest } from '../../src/server/services/punch/record-punch.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/** recordPunch: what the clock engine refuses is audited and writes nothing else; an accepted punch writes its day. */

let s: ServiceDb;
let unscheduled: number;
let scheduled: number;

const punch = (action: PunchRequest['action'], pin: string): PunchRequest => ({
  action,
  identity: { kind: 'pin', pin },
  address: '192.0.2.10',
  terminal: null,
  lang: 'en',
});

const countOf = async (table: 'punches' | 'attendances', employeeId: number) =>
  Number(
    (
      await s.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('employeeId', '=', employeeId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const refusals = async (employeeId: number) => s.db.selectFrom('auditLog').select(['after']).where('action', '=', 'clock.refused').where('entityId', '=', String(employeeId)).execute();

/** A current 09:00-17:00 schedule with no rest day. */
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

beforeAll(async () => {
  s = await openServiceDb();
  unscheduled = await s.addEmployee({ firstName: 'Sin', pin: '3141592' });
  scheduled = await s.addEmployee({ firstName: 'Con', pin: '2718281' });
  // Every day a working day, so the test does not depend on today's weekday.
  await addEveryDaySchedule(scheduled);
});

afterAll(async () => {
  await s.close();
});

describe('recordPunch: the engine’s refusal', () => {
  it('refuses a check-in without a schedule (409, first name only), audits it, writes no punch', async () => {
    const error = await recordPunch(s.db, punch('check-in', '3141592')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PunchRefusal);
    expect(error).toMatchObject({ code: CLOCK_MESSAGES.noActiveSchedule, status: 409, employee: { first_name: 'Sin' } });
    expect(await countOf('punches', unscheduled)).toBe(0);
    expect(await countOf('attendances', unscheduled)).toBe(0);
    const audits = await refusals(unscheduled);
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]!.after!)).toMatchObject({ action: 'check-in', method: 'pin', code: CLOCK_MESSAGES.noActiveSchedule });
  });

  it('refuses a check-out before any check-in', async () => {
    await expect(recordPunch(s.db, punch('check-out', '2718281'))).rejects.toMatchObject({ code: CLOCK_MESSAGES.noAttendanceData, status: 409 });
    expect(await countOf('punches', scheduled)).toBe(0);
  });

  it('accepts a check-in: the attendance and its punch, and the answer names the employee', async () => {
    // At a fixed time inside the shift's window (decision 032: a check-in far from every
    // scheduled start belongs to no shift), so the test does not depend on the hour it runs.
    process.env['JORNADA_TEST'] = '1';
    process.env['JORNADA_FAKE_NOW'] = '2031-03-03T09:01:00Z';
    const result = await recordPunch(s.db, punch('check-in', '2718281')).finally(() => {
      delete process.env['JORNADA_FAKE_NOW'];
    });
    expect(result.employee).toMatchObject({ _id: scheduled, full_name: 'Con Prueba' });
    expect(await countOf('attendances', scheduled)).toBe(1);
    expect(await countOf('punches', scheduled)).toBe(1);
  });
});

describe('recordPunch: the double-tap rule looks at the last punch only (issue 18.1)', () => {
  const at = (time: string) => {
    process.env['JORNADA_TEST'] = '1';
    process.env['JORNADA_FAKE_NOW'] = `2031-03-03T${time}Z`;
  };
  afterAll(() => {
    delete process.env['JORNADA_FAKE_NOW'];
  });

  it('check-in, check-out by mistake, check-in within seconds: the last check-in is refused, not a false success', async () => {
    const id = await s.addEmployee({ firstName: 'Boton', pin: '5551234' });
    await addEveryDaySchedule(id);
    at('08:58:00');
    await recordPunch(s.db, punch('check-in', '5551234'));
    at('08:58:04');
    await recordPunch(s.db, punch('check-out', '5551234'));
    at('08:58:10');
    const error = await recordPunch(s.db, punch('check-in', '5551234')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PunchRefusal);
    expect(error).toMatchObject({ status: 409 });
    expect(await countOf('punches', id)).toBe(2);
    // A true double tap of the check-out is still answered with the first one's time.
    at('08:58:12');
    expect((await recordPunch(s.db, punch('check-out', '5551234'))).time).toBe('2031-03-03T08:58:04.000Z');
    expect(await countOf('punches', id)).toBe(2);
  });
});
