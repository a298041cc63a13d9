import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companiesResource } from '../../src/server/db/repositories/org/companies.ts';
import { holidaysResource } from '../../src/server/db/repositories/org/holidays.ts';
import { createRecord, deleteRecord } from '../../src/server/services/crud/crud-service.ts';
import { deleteEmployee } from '../../src/server/services/employees/delete-employee.ts';
import { verifyRecordChain } from '../../src/server/services/record-chain/verify-record-chain.ts';
import { createSchedule } from '../../src/server/services/schedules/save-schedule.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Issue 33.2 (decision 033, update): deletions the app makes on the side — a company's holidays
 * going with it (ON DELETE CASCADE), an employee's schedules going with them — are chained too,
 * so `verify` stays intact; without that, each would read as a row deleted behind the app.
 */
let s: ServiceDb;

beforeAll(async () => {
  s = await openServiceDb();
});

afterAll(async () => {
  await s.close();
});

const deletions = async (kind: string, refId: number) =>
  (
    await s.db
      .selectFrom('recordChain')
      .select('payload')
      .where('kind', '=', kind as never)
      .where('refId', '=', refId)
      .orderBy('seq')
      .execute()
  ).map((e) => e.payload === 'null');

describe('deletions on the side are chained', () => {
  it("a company's holidays, deleted with it", async () => {
    const company = await createRecord(s.db, companiesResource, { name: 'Filial', taxId: '' }, s.admin.id);
    const holiday = await createRecord(s.db, holidaysResource, { name: 'Fiesta local', date: '2031-09-08', company: company._id }, s.admin.id);
    await deleteRecord(s.db, companiesResource, company._id, s.admin.id);
    expect(await s.db.selectFrom('holidays').select('id').where('id', '=', holiday._id).execute()).toEqual([]);
    // Chained when made, then its deletion.
    expect(await deletions('holiday', holiday._id)).toEqual([false, true]);
    expect(await verifyRecordChain(s.db)).toMatchObject({ ok: true, brokenCount: 0 });
  });

  it("an employee's schedules, deleted with them", async () => {
    const employee = await s.addEmployee({ firstName: 'Nadie', pin: '8642097' });
    const schedule = await createSchedule(s.db, { employee, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2031-01-01' }, s.admin);
    await deleteEmployee(s.db, employee, s.admin);
    expect(await deletions('schedule', schedule._id)).toEqual([false, true]);
    expect(await verifyRecordChain(s.db)).toMatchObject({ ok: true, brokenCount: 0 });
  });
});
