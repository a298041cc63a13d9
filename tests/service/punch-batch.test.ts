import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commitClockPunch, type ClockPunchInput } from '../../src/server/services/punch/commit-clock-punch.ts';
import type { Db } from '../../src/server/db/connection.ts';
import { GroupCommit } from '../../src/server/db/group-commit.ts';
import { appendAudit } from '../../src/server/db/repositories/audit-log.ts';
import { chainForEmployee } from '../../src/server/db/repositories/record-chain.ts';
import { getSettings } from '../../src/server/services/get-settings.ts';
import { verifyRecordChain } from '../../src/server/services/record-chain/verify-record-chain.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Punches that arrive together share one transaction (group-commit.ts, decision 097): their audit
 * entries and record-chain entries are written once at the batch's end, in the punches' order;
 * a punch that throws takes its own entries with it and the others are kept; the chain verifies.
 */

let s: ServiceDb;
const employees: number[] = [];
const AT = Date.parse('2031-03-03T09:01:00Z') / 1000; // a Monday, inside the 09:00 shift's window

beforeAll(async () => {
  s = await openServiceDb();
  for (let i = 0; i < 6; i++) {
    const id = await s.addEmployee({ firstName: `Lote${i}`, pin: String(7100000 + i) });
    // Chained like every schedule the app writes (decision 033), so the chain verifies.
    await s.addEveryDaySchedule(id);
    employees.push(id);
  }
});

afterAll(async () => {
  await s.close();
});

async function checkIn(employeeId: number) {
  const input: ClockPunchInput = { employeeId, action: 'check-in', nowSeconds: AT, settings: await getSettings(s.db), lang: 'en', method: 'pin', terminal: null, address: '192.0.2.7', userId: null };
  return commitClockPunch(s.db, input);
}

it('a batch keeps every punch but the one that throws, with their audit and chain entries in order, and the chain verifies', async () => {
  const [failing, ...others] = employees;
  // The database refuses the failing employee's punch row: that punch throws inside the batch.
  await sql.raw(`create trigger refuse_punch before insert on punches when new.employee_id = ${failing} begin select raise(abort, 'refused by the test'); end`).execute(s.db);
  try {
    const outcomes = await Promise.allSettled(employees.map((id) => checkIn(id)));
    expect(outcomes[0]).toMatchObject({ status: 'rejected', reason: { message: expect.stringContaining('refused by the test') } });
    for (const outcome of outcomes.slice(1)) expect(outcome).toMatchObject({ status: 'fulfilled', value: { time: '2031-03-03T09:01:00.000Z' } });
  } finally {
    await sql.raw('drop trigger refuse_punch').execute(s.db);
  }

  const punches = await s.db.selectFrom('punches').select(['id', 'employeeId']).orderBy('id').execute();
  expect(punches.map((p) => p.employeeId)).toEqual(others);
  // Nothing of the failing punch was kept: no day, no audit entry.
  expect(await s.db.selectFrom('attendances').select('id').where('employeeId', '=', failing!).execute()).toEqual([]);
  const audits = await s.db.selectFrom('auditLog').select(['action', 'after']).where('action', '=', 'clock.check-in').orderBy('id').execute();
  expect(audits.map((a) => (JSON.parse(a.after!) as { employeeId: number }).employeeId)).toEqual(others);
  // The chain holds each kept punch once, in the punches' order, and verifies.
  const chained = await s.db.selectFrom('recordChain').select(['refId']).where('kind', '=', 'punch').orderBy('seq').execute();
  expect(chained.map((c) => c.refId)).toEqual(punches.map((p) => p.id));
  expect(await verifyRecordChain(s.db)).toMatchObject({ ok: true });
});

it('a unit of work that throws after writing drops its own collected audit and chain entries; the batch keeps the others', async () => {
  const writer = new GroupCommit();
  const [a, b, c] = employees;
  const before = await s.db
    .selectFrom('recordChain')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirstOrThrow();
  const work = (employeeId: number, fail: boolean) => async (trx: Db) => {
    await appendAudit(trx, { userId: null, entity: 'employee', entityId: employeeId, action: 'test.batch' });
    await chainForEmployee(trx, employeeId, [{ kind: 'punch', refId: 900_000 + employeeId, payload: 'test' }]);
    if (fail) throw new Error('late failure');
    return employeeId;
  };
  const outcomes = await Promise.allSettled([writer.run(s.db, a!, work(a!, false)), writer.run(s.db, b!, work(b!, true)), writer.run(s.db, c!, work(c!, false))]);
  expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  const audits = await s.db.selectFrom('auditLog').select('entityId').where('action', '=', 'test.batch').orderBy('id').execute();
  expect(audits.map((r) => Number(r.entityId))).toEqual([a, c]);
  const chained = await s.db.selectFrom('recordChain').select('refId').where('seq', '>', Number(before.seq)).orderBy('seq').execute();
  expect(chained.map((r) => r.refId)).toEqual([900_000 + a!, 900_000 + c!]);
});
