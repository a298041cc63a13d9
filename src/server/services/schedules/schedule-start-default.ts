import { defaultScheduleStart } from '#domain/schedules/default-start.ts';
import { addDays, localDateOf } from '#domain/time/zoned-time.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { holidaysByCompany, reportEmployees, type EmployeeFilter } from '../../db/repositories/report-data.ts';
import { getSettings } from '../get-settings.ts';

/** How far ahead holidays are read for the default start (a year and a bit: the search's bound). */
const LOOK_AHEAD_DAYS = 400;

/**
 * What the schedule forms need to show the default first day (`defaultScheduleStart`): today in
 * the company zone and the holidays of the coming year, of the company given or, without one, of
 * every company (a date that is a holiday anywhere is skipped; one company: exactly the server's).
 */
export async function scheduleStartContext(db: Db, companyId?: number): Promise<{ today: string; holidays: string[] }> {
  const today = localDateOf(nowMs(), (await getSettings(db)).timezone);
  const byCompany = await holidaysByCompany(db, { from: addDays(today, 1), to: addDays(today, LOOK_AHEAD_DAYS) });
  const dates = new Set<string>();
  for (const [company, holidays] of byCompany) if (companyId === undefined || company === companyId) for (const d of holidays.keys()) dates.add(d);
  return { today, holidays: [...dates].sort() };
}

/**
 * The input with `fromDate` filled in when it is missing or empty (issue 33 point 6): the next
 * working day after today of the shift given (its rest days, the company's holidays). `who` names
 * the employee or department whose company's holidays count. Anything else is left for the schema
 * to judge (an invalid input is refused there, not here).
 */
export async function withDefaultStart(db: Db, input: unknown, who: 'employee' | 'department'): Promise<unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const raw = input as Record<string, unknown>;
  if (raw.fromDate !== undefined && raw.fromDate !== null && raw.fromDate !== '') return input;
  const id = Number(raw[who]);
  const filter: EmployeeFilter = who === 'employee' ? { employee: id } : { department: id };
  const [someone] = Number.isSafeInteger(id) && id > 0 ? await reportEmployees(db, filter) : [];
  const { today, holidays } = await scheduleStartContext(db, someone?.companyId);
  const restDays = Array.isArray(raw.restDays) ? raw.restDays.filter((d): d is string => typeof d === 'string') : [];
  return { ...raw, fromDate: defaultScheduleStart(today, restDays, new Set(holidays)) };
}
