import { isDate, weekPeriod } from '#domain/reports/periods.ts';
import { positiveId } from '#domain/reports/report-query.ts';
import { isMonday, rosterWeekSheet } from '#domain/roster/roster-week-sheet.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Language } from '#i18n/languages.ts';
import { nowIso, nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { plannedDaysOf } from '../../db/repositories/planned-days.ts';
import { holidaysByCompany, leavesOverlapping, reportEmployees } from '../../db/repositories/report-data.ts';
import { departmentWithCompany, type DepartmentWithCompany } from '../../db/repositories/roster-week.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { attachment } from '../reports/xlsx-stream.ts';
import { getSettings } from '../get-settings.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { managesCompanyRow } from '../users/managed-company.ts';

/** `week=YYYY-MM-DD` (a Monday), or this week without it; 400 for anything else. */
function weekOf(params: URLSearchParams, today: string): string {
  const asked = params.get('week');
  if (asked === null || asked === '') return weekPeriod(today).from;
  if (!isDate(asked) || !isMonday(asked)) throw new AppError('rosterWorker.weekInvalid', 400, {}, { week: 'rosterWorker.weekInvalid' });
  return asked;
}

/** The department's published week as a PDF download. */
async function weekPdf(db: Db, department: DepartmentWithCompany, params: URLSearchParams, lang: Language): Promise<Response> {
  const settings = await getSettings(db);
  const today = localDateOf(nowMs(), settings.timezone);
  const monday = weekOf(params, today);
  const period = weekPeriod(monday);
  const filter = { department: department.id, status: 'active' as const };
  const employees = await reportEmployees(db, filter);
  const [planned, leaves, holidays] = await Promise.all([
    plannedDaysOf(
      db,
      employees.map((e) => e.id),
      period,
    ),
    leavesOverlapping(db, filter, period),
    holidaysByCompany(db, period),
  ]);
  const sheet = rosterWeekSheet({
    monday,
    employees: employees.map((e) => ({ id: e.id, name: `${e.firstName} ${e.lastName}` })),
    planned,
    leaves,
    holidays: holidays.get(department.companyId) ?? new Map(),
  });
  const { rosterWeekPdf } = await import('./roster-week-pdf.ts'); // pdfkit on demand, as report-downloads.ts
  const body = rosterWeekPdf({ sheet, companyName: department.companyName, departmentName: department.name, today, now: nowIso(), lang });
  return new Response(body, {
    headers: { 'content-type': 'application/pdf', 'content-disposition': attachment(`${department.name} ${monday}.pdf`), 'cache-control': 'private, no-store' },
  });
}

/**
 * GET /api/roster/week.pdf?department=ID&week=MONDAY (schedule.read, every employee's plan: the
 * API table's `everyone`): a department of a company the account does not manage is a 404.
 */
export async function adminRosterWeekPdf(db: Db, user: Pick<SessionUser, 'accountType' | 'companyId'>, params: URLSearchParams, lang: Language): Promise<Response> {
  const id = positiveId(params.get('department'));
  if (id === undefined) throw new AppError('rosterWorker.departmentRequired', 400, {}, { department: 'rosterWorker.departmentRequired' });
  const department = await departmentWithCompany(db, id);
  if (!department || !managesCompanyRow(user, department.companyId)) throw notFound();
  return weekPdf(db, department, params, lang);
}

/** GET /api/personal/roster-week.pdf?week=MONDAY: the week of the worker's own department. */
export async function ownRosterWeekPdf(db: Db, employeeId: number, params: URLSearchParams, lang: Language): Promise<Response> {
  const [employee] = await reportEmployees(db, { employee: employeeId });
  const department = employee && (await departmentWithCompany(db, employee.departmentId));
  if (!department) throw notFound();
  return weekPdf(db, department, params, lang);
}
