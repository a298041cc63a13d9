import { breakRulesByDate } from '../../db/repositories/break-rules-history.ts';
import type { AttendanceDto } from '#domain/api/records.ts';
import { addDays } from '#domain/time/zoned-time.ts';
import { countedSeconds } from '#domain/worktime/break-rules.ts';
import { warningLimitsOn } from '#domain/worktime/worktime-settings.ts';
import { employeeDayKey, warningsByEmployeeDay, type AttendanceWorkTime } from '#domain/worktime/work-time-warnings-by-day.ts';
import type { Db } from '../../db/connection.ts';
import { workDaysOn } from '../../db/repositories/work-time-days.ts';
import { withWarnDayFigures } from '../worktime/warn-day-figures.ts';

/**
 * The attendances with what the break rules count and the work-time warnings of their days
 * (decision 050). Reads each day and the day before it (the rest is measured from that one's
 * check-out) in two queries, whatever the number of rows.
 */
export async function withAttendanceWorkTime<T extends Pick<AttendanceDto, 'employee' | 'date' | 'workedSeconds' | 'breakSeconds' | 'voidedAt'>>(db: Db, rows: readonly T[]): Promise<(T & AttendanceWorkTime)[]> {
  const rulesOn = await breakRulesByDate(db);
  const asked = rows.flatMap((r) => [
    { employeeId: r.employee, date: r.date },
    { employeeId: r.employee, date: addDays(r.date, -1) },
  ]);
  const warnings = warningsByEmployeeDay(await withWarnDayFigures(db, await workDaysOn(db, asked)), warningLimitsOn(rulesOn));
  return rows.map((r) => {
    const counted = countedSeconds(r, rulesOn(r.date));
    return {
      ...r,
      countedSeconds: counted.counted,
      deductedSeconds: counted.deducted,
      warnings: r.voidedAt ? [] : (warnings.get(employeeDayKey(r.employee, r.date)) ?? []),
    };
  });
}
