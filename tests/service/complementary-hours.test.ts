import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeContractTerms } from '../../src/server/db/repositories/contract-terms.ts';
import { createAttendance } from '../../src/server/services/attendance/create-attendance.ts';
import { updateAttendance } from '../../src/server/services/attendance/update-attendance.ts';
import { employeeYearOvertime } from '../../src/server/services/balance/year-overtime.ts';
import { answerVoluntaryOffer, offerVoluntaryHours, recordPact } from '../../src/server/services/complementary/complementary-hours.ts';
import { payrollReport } from '../../src/server/services/payroll/payroll-report.ts';
import { approvePeriods } from '../../src/server/services/periods/approve-periods.ts';
import { verifyRecordChain } from '../../src/server/services/record-chain/verify-record-chain.ts';
import { monthlyRecords } from '../../src/server/services/reports/monthly-records.ts';
import { createSchedule } from '../../src/server/services/schedules/save-schedule.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Issue 38 points 2 and 3 (decision 081), in-process: pacts and voluntary offers are chained and
 * guarded by the period lock where they are written; the record and payroll split the
 * complementary hours by category; force majeure overtime leaves the 80 h cap. Fixed dates in
 * March 2026 and a fixed business clock; the tests run in order on one database.
 */

const NOW = new Date('2026-06-15T10:00:00Z');
const H = 3600;
let s: ServiceDb;
let ana: number;
let luis: number;
let anaUser: { id: number; employeeId: number };
let pendingOffer: number;

const recordOf = async (employee: number) => (await monthlyRecords(s.db, { employee }, '2026-03', { fresh: true })).records[0]!.record;
const chainProblems = async (kinds: string[]) => (await verifyRecordChain(s.db)).broken.filter((b) => kinds.includes(b.kind));
const day = (employee: number, date: string, timeOut: string) => createAttendance(s.db, { employee, date, timeIn: '09:00', timeOut, reason: 'Hoja de horas' }, s.admin, 'en', NOW);

beforeAll(async () => {
  process.env['JORNADA_TEST'] = '1';
  process.env['JORNADA_FAKE_NOW'] = NOW.toISOString();
  s = await openServiceDb();
  ana = await s.addEmployee({ firstName: 'Ana', pin: '4815162' });
  luis = await s.addEmployee({ firstName: 'Luis', pin: '4815163' });
  await changeContractTerms(s.db, ana, { terms: { workingDayType: 'part-time', partTimePercent: 50 }, effectiveFrom: '2026-01-01', explicit: true, at: NOW.toISOString(), authorId: null });
  const weekdays = { restDays: ['Saturday', 'Sunday'], fromDate: '2026-01-01', toDate: null };
  await createSchedule(s.db, { employee: ana, startTime: '09:00', offTime: '13:00', totalHours: 4, ...weekdays }, s.admin);
  await createSchedule(s.db, { employee: luis, startTime: '09:00', offTime: '17:00', totalHours: 8, ...weekdays }, s.admin);
  // Ana: one complementary hour on each of three days. March counts from her first recorded day
  // (the absence floor, decision 049): 16 working days × 4 h = 64 h expected.
  for (const date of ['2026-03-10', '2026-03-11', '2026-03-12']) await day(ana, date, '14:00');
  const account = await s.addAccount({ email: 'ana@service.test', accountType: 'Employee', roleId: s.roles.employee, employeeId: ana });
  anaUser = { id: account.id, employeeId: ana };
});

afterAll(async () => {
  delete process.env['JORNADA_FAKE_NOW'];
  await s.close();
});

describe('without a pact', () => {
  it('every complementary hour is flagged as not allowed, on the record and in payroll', async () => {
    const record = await recordOf(ana);
    expect(record.totals).toMatchObject({ complementarySeconds: 3 * H, complementaryNotAllowedSeconds: 3 * H });
    expect(record.totals.complementaryAgreedSeconds).toBeUndefined();
    const payroll = (await payrollReport(s.db, { employee: ana }, '2026-03')).rows[0]!;
    expect(payroll.figures.complementaryNotAllowedSeconds).toBe(3 * H);
  });
});

describe('a pact and voluntary hours', () => {
  it('refuses a share over 30 % without the collective agreement and a full-time employee, writing nothing', async () => {
    await expect(recordPact(s.db, ana, { signedOn: '2026-01-01', validFrom: '2026-01-01', sharePercent: 31 }, s.admin)).rejects.toMatchObject({
      status: 422,
      code: 'complementary.shareOver30',
      fields: { sharePercent: 'complementary.shareOver30' },
    });
    await expect(recordPact(s.db, luis, { signedOn: '2026-01-01', validFrom: '2026-01-01', sharePercent: 10 }, s.admin)).rejects.toMatchObject({ status: 422, code: 'complementary.notPartTime' });
    expect(await s.db.selectFrom('complementaryPacts').selectAll().execute()).toEqual([]);
  });

  it('classifies agreed hours up to the pact, then accepted voluntary hours, then beyond the pact', async () => {
    // 1 % of 64 h = 2,304 s agreed in March; 30 min accepted for the 11th.
    const pact = await recordPact(s.db, ana, { signedOn: '2026-01-01', validFrom: '2026-01-01', sharePercent: 1 }, s.admin);
    expect(pact).toMatchObject({ sharePercent: 1, collectiveAgreement: 0 });
    const offer = await offerVoluntaryHours(s.db, { employee: ana, date: '2026-03-11', minutes: 30 }, s.admin);
    await answerVoluntaryOffer(s.db, anaUser, offer.id, { answer: 'accept' });
    const record = await recordOf(ana);
    expect(record.totals).toMatchObject({ complementaryAgreedSeconds: 2304, complementaryVoluntarySeconds: 1800, complementaryExceedingSeconds: 3 * H - 2304 - 1800 });
    expect(record.days.find((d) => d.date === '2026-03-10')!.complementarySplit).toEqual({ agreedSeconds: 2304, voluntarySeconds: 0, exceedingSeconds: 1296, notAllowedSeconds: 0 });
    expect(record.days.find((d) => d.date === '2026-03-11')!.complementarySplit).toEqual({ agreedSeconds: 0, voluntarySeconds: 1800, exceedingSeconds: 1800, notAllowedSeconds: 0 });
    const payroll = (await payrollReport(s.db, { employee: ana }, '2026-03')).rows[0]!.figures;
    expect(payroll).toMatchObject({ complementaryAgreedSeconds: 2304, complementaryVoluntarySeconds: 1800, complementaryExceedingSeconds: 6696 });
  });

  it('refuses voluntary hours beyond 15 % of the month, an offer of another worker and a second answer', async () => {
    // 15 % of 64 h = 9.6 h; 30 min are already offered.
    await expect(offerVoluntaryHours(s.db, { employee: ana, date: '2026-03-20', minutes: 9 * 60 + 10 }, s.admin)).rejects.toMatchObject({ status: 422, code: 'complementary.voluntaryOverLimit' });
    pendingOffer = (await offerVoluntaryHours(s.db, { employee: ana, date: '2026-03-20', minutes: 60 }, s.admin)).id;
    const other = await s.addAccount({ email: 'otro@service.test', accountType: 'Employee', roleId: s.roles.employee, employeeId: luis });
    await expect(answerVoluntaryOffer(s.db, { id: other.id, employeeId: luis }, pendingOffer, { answer: 'accept' })).rejects.toMatchObject({ status: 404 });
    const first = (await s.db.selectFrom('complementaryOffers').select('id').where('status', '=', 'accepted').executeTakeFirstOrThrow()).id;
    await expect(answerVoluntaryOffer(s.db, anaUser, first, { answer: 'decline' })).rejects.toMatchObject({ status: 409, code: 'complementary.alreadyAnswered' });
  });

  it('chains every pact and offer: verify holds, and an edit behind the app names the row', async () => {
    expect(await chainProblems(['pact', 'offer'])).toEqual([]);
    const kinds = await s.db.selectFrom('recordChain').select('kind').where('kind', 'in', ['pact', 'offer']).execute();
    expect(kinds.map((k) => k.kind).sort()).toEqual(['offer', 'offer', 'offer', 'pact']); // offered, accepted, offered
    await s.db.updateTable('complementaryPacts').set({ sharePercent: 30 }).execute();
    expect(await chainProblems(['pact'])).toMatchObject([{ kind: 'pact', problem: 'rowChanged', fields: ['sharePercent'] }]);
    await s.db.updateTable('complementaryPacts').set({ sharePercent: 1 }).execute();
    expect(await chainProblems(['pact'])).toEqual([]);
  });
});

describe('force majeure overtime (art. 35.3 ET)', () => {
  it('is counted apart and never in the 80 h cap; the attendance chain still verifies', async () => {
    const id = (await createAttendance(s.db, { employee: luis, date: '2026-03-10', timeIn: '09:00', timeOut: '19:00', reason: 'Hoja', overtimeCompensation: 'paid' }, s.admin, 'en', NOW))._id;
    expect(await employeeYearOvertime(s.db, luis, 2026)).toMatchObject({ paidSeconds: 2 * H, forceMajeureSeconds: 0 });
    await updateAttendance(s.db, id, { timeIn: '09:00', timeOut: '19:00', reason: 'Inundación del obrador', overtimeForceMajeure: 'Inundación del obrador: achique y limpieza' }, s.admin, NOW);
    expect(await employeeYearOvertime(s.db, luis, 2026)).toMatchObject({ paidSeconds: 0, forceMajeureSeconds: 2 * H });
    const record = await recordOf(luis);
    expect(record.totals).toMatchObject({ overtimeSeconds: 2 * H, overtimePaidSeconds: 2 * H, overtimeForceMajeureSeconds: 2 * H });
    expect(record.days.find((d) => d.date === '2026-03-10')!.overtimeForceMajeure).toBe('Inundación del obrador: achique y limpieza');
    expect((await payrollReport(s.db, { employee: luis }, '2026-03')).rows[0]!.figures.overtimeForceMajeureSeconds).toBe(2 * H);
    expect(await chainProblems(['attendance'])).toEqual([]);
    const entry = await s.db.selectFrom('recordChain').select('payload').where('kind', '=', 'attendance').where('refId', '=', id).orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(entry.payload)).toMatchObject({ overtimeForceMajeure: 'Inundación del obrador: achique y limpieza' });
  });
});

describe('an approved period', () => {
  it('refuses a pact, an offer and an answer that touch it (409 periods.locked), writing nothing', async () => {
    expect(await approvePeriods(s.db, { date: '2026-03-01', employees: [ana, luis] }, s.admin)).toMatchObject({ approved: 2 });
    const before = await s.db
      .selectFrom('recordChain')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await expect(recordPact(s.db, ana, { signedOn: '2026-03-01', validFrom: '2026-03-15', sharePercent: 10 }, s.admin)).rejects.toMatchObject({ status: 409, code: 'periods.locked' });
    await expect(offerVoluntaryHours(s.db, { employee: ana, date: '2026-03-25', minutes: 30 }, s.admin)).rejects.toMatchObject({ status: 409, code: 'periods.locked' });
    await expect(answerVoluntaryOffer(s.db, anaUser, pendingOffer, { answer: 'accept' })).rejects.toMatchObject({ status: 409, code: 'periods.locked' });
    const after = await s.db
      .selectFrom('recordChain')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    // A pact from April is accepted.
    await expect(recordPact(s.db, ana, { signedOn: '2026-03-01', validFrom: '2026-04-01', sharePercent: 10 }, s.admin)).resolves.toMatchObject({ validFrom: '2026-04-01' });
  });
});
