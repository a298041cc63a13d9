import { setCompanyPersonalClock } from '../db/repositories/personal-clock.ts';
import type { Insertable } from 'kysely';
import { DEMO_PLACE, DEMO_TAX_ID, DEMO_USER_PASSWORD, demoAnchor, demoYears, planDemoData } from '../../domain/demo/demo-plan.ts';
import { hashPassword } from '../auth/passwords.ts';
import { pinKey } from '../auth/pin-key.ts';
import type { Db } from '../db/connection.ts';
import { insertAttendanceBreaks, insertAttendances } from '../db/repositories/attendances.ts';
import { defaultRolesOf, setCompanyTaxIdIfMissing } from '../db/repositories/companies.ts';
import { companyHasEmployees, insertEmployees } from '../db/repositories/employees.ts';
import { insertLeaves } from '../db/repositories/leaves.ts';
import { departmentsResource } from '../db/repositories/org/departments.ts';
import { jobTitlesResource } from '../db/repositories/org/job-titles.ts';
import { leaveGroupsResource } from '../db/repositories/org/leave-groups.ts';
import { leaveTypesResource } from '../db/repositories/org/leave-types.ts';
import { NO_ACCRUAL } from '../../domain/org/org-schemas.ts';
import { insertPunches } from '../db/repositories/punches.ts';
import { insertSchedules } from '../db/repositories/schedules.ts';
import { readSettings, writeSettings, writeSettingValue } from '../db/repositories/settings.ts';
import { companyHolidaysOfYear } from '../db/repositories/org/holidays.ts';
import { importPublicHolidays } from './holidays/import-public-holidays.ts';
import { DEMO_DATA_SETTING } from './demo-kiosk-pins.ts';
import { invalidateSettings } from './get-settings.ts';
import { emailExists, insertUser } from '../db/repositories/users.ts';
import type { AttendanceBreakTable, AttendanceTable, EmployeeTable, LeaveTable, PunchTable } from '../db/schema.ts';

const CHUNK = 200;

function chunks<T>(rows: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * The demo bakery's public holidays (issue 37.14): in Spain, the Comunidad de Madrid's of every
 * year the plan touches, through the holiday import service (audited as `actorId`'s import);
 * elsewhere none. Returns the company's holiday dates, which the plan keeps as days off.
 */
async function importDemoHolidays(db: Db, companyId: number, country: string, today: string, actorId: number | null): Promise<Set<string>> {
  const dates = new Set<string>();
  if (country !== DEMO_PLACE.country) return dates;
  for (const year of demoYears(today)) {
    await importPublicHolidays(db, { company: companyId, country: DEMO_PLACE.country, region: DEMO_PLACE.holidayRegion, year }, actorId, 'es');
    for (const date of (await companyHolidaysOfYear(db, companyId, year)).keys()) dates.add(date);
  }
  return dates;
}

/**
 * Writes the demo data set (src/domain/demo/demo-plan.ts) for the company in one transaction,
 * after importing its public holidays (above). Deterministic for a given `today` (default: today
 * in the company's time zone, on the real clock). Does nothing when the company already has
 * employees. A demo account whose address a sign-up already uses is left out (leaves are then
 * decided by nobody in particular). Marks the installation as a demo (its banner prints the kiosk
 * PINs) and gives the company the demo's tax ID when it has none.
 */
export async function seedDemoData(db: Db, options: { companyId: number; today?: string; actorId?: number }): Promise<void> {
  const { companyId } = options;
  if (await companyHasEmployees(db, companyId)) return;
  const { timezone, graceMinutes, country } = await readSettings(db);
  const realNow = Math.floor(Date.now() / 1000) * 1000;
  const { today, now } = demoAnchor(realNow, timezone, options.today);
  const holidays = await importDemoHolidays(db, companyId, country, today, options.actorId ?? null);
  const plan = planDemoData({ today, now, settings: { timezone, graceMinutes }, holidays });
  const { stamp } = plan;

  const passwordHash = await hashPassword(DEMO_USER_PASSWORD);

  await db.transaction().execute(async (trx) => {
    if (await companyHasEmployees(trx, companyId)) return;
    // A demo is tried on one computer: its clock takes PIN and badge punches without pairing (decision 042).
    await writeSettings(trx, { unpairedClock: true }, new Date(realNow).toISOString());
    // Its workers try the personal clock on their phones too (decision 067).
    await setCompanyPersonalClock(trx, companyId, true);
    await writeSettingValue(trx, DEMO_DATA_SETTING, true, new Date(realNow).toISOString());
    // Its records print a tax ID (issue 37.5), unless the sign-up gave one.
    await setCompanyTaxIdIfMissing(trx, companyId, DEMO_TAX_ID, stamp);

    // Departments and job titles.
    const departmentIds = new Map<string, number>();
    const jobTitleIds = new Map<string, number>();
    for (const d of plan.departments) {
      const departmentId = await departmentsResource.insert(trx, { name: d.name, company: companyId }, stamp);
      departmentIds.set(d.key, departmentId);
      for (const [i, name] of d.jobTitles.entries()) {
        jobTitleIds.set(`${d.key}:${i}`, await jobTitlesResource.insert(trx, { name, department: departmentId, company: companyId }, stamp));
      }
    }

    // Leave types and the leave group whose privilege covers them all.
    const leaveTypeIds = new Map<string, number>();
    for (const t of plan.leaveTypes) {
      leaveTypeIds.set(t.key, await leaveTypesResource.insert(trx, { name: t.name, company: companyId, daysPerYear: t.daysPerYear, ...NO_ACCRUAL, drawsFromBalance: false }, stamp));
    }
    const leaveGroupId = await leaveGroupsResource.insert(trx, { ...plan.leaveGroup, status: 'active', company: companyId, privilege: [...leaveTypeIds.values()] }, stamp);

    // Employees, in roster order.
    const employeeRows = plan.employees.map(({ number: _number, pin, department, jobTitle, ...e }): Insertable<EmployeeTable> => ({
      ...e,
      image: null,
      companyId,
      departmentId: departmentIds.get(department)!,
      jobTitleId: jobTitleIds.get(`${department}:${jobTitle}`)!,
      leaveGroupId,
      leavePrivilege: null,
      pinKey: pinKey(pin),
      rfidCard: null,
      status: 'active',
      biometricConsentAt: null,
      biometricConsentBy: null,
      createdAt: stamp,
      updatedAt: stamp,
    }));
    const employeeIdByPinKey = new Map<string, number>();
    for (const chunk of chunks(employeeRows)) {
      for (const row of await insertEmployees(trx, chunk)) employeeIdByPinKey.set(row.pinKey, row.id);
    }
    const employeeIds = employeeRows.map((r) => employeeIdByPinKey.get(r.pinKey)!);
    const idOf = (number: number) => employeeIds[number - 1]!;

    // Schedules.
    await insertSchedules(
      trx,
      plan.schedules.map((s) => ({
        employeeId: idOf(s.employee),
        startTime: s.startTime,
        offTime: s.offTime,
        totalHours: s.totalHours,
        restDays: s.restDays,
        fromDate: s.fromDate,
        toDate: null,
        status: 'current' as const,
        createdAt: stamp,
        updatedAt: stamp,
      })),
    );

    // Demo accounts (before leaves, which the manager decides).
    const roles = await defaultRolesOf(trx, companyId);
    const roleId = (name: string) => {
      const role = roles.find((r) => r.name === name);
      if (!role) throw new Error(`Company ${companyId} has no default role "${name}"`);
      return role.id;
    };
    let managerUserId: number | null = null;
    for (const a of plan.accounts) {
      // A sign-up that already used the address keeps it.
      if (await emailExists(trx, a.email)) continue;
      const userId = await insertUser(trx, {
        name: a.name,
        email: a.email,
        passwordHash,
        roleId: roleId(a.role),
        status: 'enabled',
        accountType: a.accountType,
        companyId,
        employeeId: idOf(a.employee),
        image: null,
        lastSignInAt: null,
        createdAt: stamp,
        updatedAt: stamp,
      });
      if (a.accountType === 'Admin') managerUserId = userId;
    }

    // Leave requests.
    const leaveRows = plan.leaves.map((l): Insertable<LeaveTable> => ({
      employeeId: idOf(l.employee),
      leaveTypeId: leaveTypeIds.get(l.type)!,
      fromDate: l.fromDate,
      toDate: l.toDate,
      reason: l.reason,
      returnDate: l.returnDate,
      status: l.status,
      comment: l.comment,
      decidedBy: l.decidedAt === null ? null : managerUserId,
      decidedAt: l.decidedAt,
      createdAt: l.requestedAt,
      updatedAt: l.decidedAt ?? l.requestedAt,
    }));
    await insertLeaves(trx, leaveRows);

    // Attendance, then its breaks and punches.
    const attendanceRows = plan.attendances.map((a): Insertable<AttendanceTable> => ({
      employeeId: idOf(a.employee),
      date: a.date,
      timezone: a.timezone,
      timeIn: a.timeIn,
      timeOut: a.timeOut,
      workedSeconds: a.workedSeconds,
      breakSeconds: a.breakSeconds,
      statusIn: a.statusIn,
      lateSeconds: a.lateSeconds,
      earlyDepartureSeconds: a.earlyDepartureSeconds,
      reason: null,
      source: 'clock',
      revision: 1,
      createdBy: null,
      createdAt: a.createdAt,
      updatedAt: a.updatedAt,
    }));
    const attendanceIds = new Map<string, number>();
    for (const chunk of chunks(attendanceRows)) {
      for (const row of await insertAttendances(trx, chunk)) attendanceIds.set(`${row.employeeId}|${row.date}`, row.id);
    }

    const breakRows: Insertable<AttendanceBreakTable>[] = [];
    const punchRows: Insertable<PunchTable>[] = [];
    for (const a of plan.attendances) {
      const employeeId = idOf(a.employee);
      const attendanceId = attendanceIds.get(`${employeeId}|${a.date}`)!;
      for (const b of a.breaks) breakRows.push({ attendanceId, startAt: b.startAt, endAt: b.endAt });
      for (const p of a.punches) {
        punchRows.push({ employeeId, attendanceId, action: p.action, at: p.at, method: p.method, terminal: null, createdAt: p.at });
      }
    }
    for (const chunk of chunks(breakRows)) await insertAttendanceBreaks(trx, chunk);
    for (const chunk of chunks(punchRows)) await insertPunches(trx, chunk);
  });
  invalidateSettings();
}
