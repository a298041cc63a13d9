import { AttendanceVoidInput } from '#domain/attendance/attendance-schema.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findAttendanceDetail, voidAttendanceRecord, type AttendanceDetailDto } from '../../db/repositories/attendances.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { requireWritable } from '../record-guard.ts';
import { refuseOwnDecision } from '../four-eyes/refuse-own-decision.ts';
import { validateAttendance } from './attendance-checks.ts';

/**
 * Voids a day entered by hand that no terminal punch belongs to (a day recorded in error), with a
 * required written reason (decision 033). Nothing is deleted: the day stays with its revisions,
 * struck through in the history and listed in the monthly record's notes, and counts for nothing
 * (totals, the one-day-per-date rule: it can be entered again correctly). The voiding is chained
 * and audited in the same transaction. A day the clock recorded is corrected instead (409), and
 * a day already voided stays as it was (409). A day in an approved period is refused (409
 * `periods.locked`, decision 051).
 */
export async function voidAttendance(db: Db, id: number, input: unknown, actor: Pick<SessionUser, 'id' | 'accountType' | 'employeeId'>): Promise<AttendanceDetailDto> {
  const { reason } = validateAttendance(AttendanceVoidInput, input);
  return db.transaction().execute(async (trx) => {
    const before = await findAttendanceDetail(trx, id);
    if (!before) throw notFound();
    requireWritable(actor, before.employee, 'record');
    // Four eyes (issue 34.5): an administrator does not correct their own record.
    await refuseOwnDecision(trx, actor, { employeeId: before.employee });
    if (before.source !== 'manual' || before.punches > 0) throw new AppError('attendance.clockDayNotVoidable', 409);
    if (before.voidedAt !== null) throw new AppError('attendance.alreadyVoided', 409);
    const at = nowIso();
    const done = await voidAttendanceRecord(trx, { attendanceId: id, employeeId: before.employee, date: before.date, voidedAt: at, voidedBy: actor.id, voidReason: reason });
    if (!done) throw new AppError('attendance.alreadyVoided', 409);
    await appendAudit(trx, { userId: actor.id, entity: 'attendance', entityId: id, action: 'void', before, after: { voidedAt: at, voidReason: reason }, reason, at });
    return (await findAttendanceDetail(trx, id))!;
  });
}
