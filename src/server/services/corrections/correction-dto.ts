import type { CorrectionRequestDto } from '#domain/api/records.ts';
import type { Db } from '../../db/connection.ts';
import type { CorrectionRequestRow } from '../../db/repositories/attendance-correction-requests.ts';
import { findAttendance } from '../../db/repositories/attendances.ts';

/** Requests as the API answers them, each with its day as recorded now (when there is one). */
export async function toRequestDtos(db: Db, rows: readonly CorrectionRequestRow[]): Promise<CorrectionRequestDto[]> {
  const out: CorrectionRequestDto[] = [];
  for (const r of rows) {
    const day = r.attendanceId === null ? undefined : await findAttendance(db, r.attendanceId);
    out.push({
      _id: r.id,
      employee: r.employeeId,
      employeeName: r.employeeName,
      attendance: r.attendanceId,
      date: r.date,
      timezone: r.timezone,
      kind: r.kind,
      timeIn: r.timeIn,
      timeOut: r.timeOut,
      breakIn: r.breakIn,
      breakOut: r.breakOut,
      reason: r.reason,
      status: r.status,
      requestedBy: r.createdBy,
      requesterName: r.requesterName,
      deciderName: r.deciderName,
      decidedAt: r.decidedAt,
      comment: r.comment,
      appliedRevision: r.appliedRevision,
      createdAt: r.createdAt,
      current: day ? { timeIn: day.timeIn, timeOut: day.timeOut, breakIn: day.breakIn, breakOut: day.breakOut, revision: day.revision } : null,
    });
  }
  return out;
}
