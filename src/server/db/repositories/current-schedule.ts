import type { Db } from '../connection.ts';

/**
 * An employee's current schedule (the latest starting one if several are marked current), with
 * its rest days still the stored JSON (read them with `parseRestDays` from schedules.ts).
 */
export async function findCurrentSchedule(db: Db, employeeId: number) {
  return db
    .selectFrom('schedules')
    .select(['startTime', 'offTime', 'totalHours', 'restDays', 'fromDate', 'toDate'])
    .where('employeeId', '=', employeeId)
    .where('status', '=', 'current')
    .orderBy('fromDate', 'desc')
    .executeTakeFirst();
}
