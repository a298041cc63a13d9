import type { Period } from '#domain/reports/periods.ts';
import type { InterruptionEntry, StandbyEntry } from '#domain/worktime/time-apart.ts';
import type { Db } from '../../db/connection.ts';
import { interruptionsIn, standbyIn } from '../../db/repositories/time-apart.ts';

/** One employee's standby periods and interruptions on the dates of `period` (the pages' lists; the caller checked who may read them). */
export async function timeApartOf(db: Db, employeeId: number, period: Period): Promise<{ standby: StandbyEntry[]; interruptions: InterruptionEntry[] }> {
  const [standby, interruptions] = await Promise.all([standbyIn(db, { employee: employeeId }, period), interruptionsIn(db, { employee: employeeId }, period)]);
  // Plain props for an island: what the list shows, no note or author.
  return {
    standby: standby.map(({ id, employeeId: e, kind, startAt, endAt, date, timezone, calledInSeconds, source }) => ({ id, employeeId: e, kind, startAt, endAt, date, timezone, calledInSeconds, source })),
    interruptions: interruptions.map(({ id, employeeId: e, at, date, timezone, channel, durationSeconds, workDone, source }) => ({
      id,
      employeeId: e,
      at,
      date,
      timezone,
      channel,
      durationSeconds,
      workDone,
      source,
      note: null,
    })),
  };
}
