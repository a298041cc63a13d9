import type { Db } from '../../db/connection.ts';
import { attendanceCreation, insertAttendanceRevision, type AttendanceDetailDto } from '../../db/repositories/attendances.ts';

/**
 * Before the first change of a day, the day as the clock (or an import) recorded it becomes its
 * first revision, with the author and time of its creation; later changes find it already kept.
 * Call inside the changing transaction, before the new revision.
 */
export async function keepOriginalRevision(trx: Db, id: number, before: AttendanceDetailDto): Promise<void> {
  if (before.revisions.length > 0) return;
  const original = await attendanceCreation(trx, id);
  await insertAttendanceRevision(trx, {
    attendanceId: id,
    revision: before.revision,
    timeIn: before.timeIn,
    timeOut: before.timeOut,
    breaks: before.breaks.map(({ startAt, endAt }) => ({ startAt, endAt })),
    workedSeconds: before.workedSeconds,
    reason: before.reason,
    authorId: original.createdBy,
    createdAt: original.createdAt,
  });
}
