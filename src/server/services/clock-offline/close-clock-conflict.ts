import { ConflictDismissInput, ConflictResolveInput, type ClockConflictDto } from '#domain/clock/late-punch-conflict.ts';
import type { Language } from '#i18n/languages.ts';
import { refuseOwnDecision } from '../four-eyes/refuse-own-decision.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { attendanceIdOn } from '../../db/repositories/attendances.ts';
import { closeClockConflict, findClockConflict } from '../../db/repositories/clock-conflicts.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { validateAttendance } from '../attendance/attendance-checks.ts';
import { createAttendance } from '../attendance/create-attendance.ts';
import { updateAttendance } from '../attendance/update-attendance.ts';
import { getSettings } from '../get-settings.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { toConflictDto } from './conflict-dto.ts';

type Actor = Pick<SessionUser, 'id' | 'accountType' | 'employeeId'>;

/**
 * An administrator closes an open conflict (decision 046), in one transaction with its audit entry:
 * `dismiss` with a written reason, or `resolve` with a written reason and optionally the day to
 * record, which goes through the manual path (createAttendance, or updateAttendance when the
 * employee already has that day) with the note as its reason, so the record shows who entered it
 * and why. A refused day (a schedule rule, a time in the future) writes nothing and the conflict
 * stays open. A conflict closed meanwhile by someone else: 409.
 */
export async function closeConflict(db: Db, id: number, how: 'resolve' | 'dismiss', input: unknown, actor: Actor, lang: Language): Promise<ClockConflictDto> {
  const data = how === 'dismiss' ? { ...validateAttendance(ConflictDismissInput, input), attendance: undefined } : validateAttendance(ConflictResolveInput, input);
  const now = new Date(nowMs());
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const conflict = await findClockConflict(trx, id);
    if (!conflict) throw notFound();
    if (conflict.status !== 'open') throw new AppError('clockConflicts.alreadyClosed', 409);
    // Four eyes (issue 34.5): nobody closes a late punch of their own.
    if (conflict.employeeId !== null) await refuseOwnDecision(trx, actor, { employeeId: conflict.employeeId });
    let attendanceId: number | null = null;
    if (data.attendance) {
      const day = data.attendance;
      const employee = Number(day['employee']);
      const date = typeof day['date'] === 'string' ? day['date'] : '';
      const existing = Number.isSafeInteger(employee) && date ? await attendanceIdOn(trx, employee, date) : undefined;
      const times = { timeIn: day['timeIn'], timeOut: day['timeOut'], breakIn: day['breakIn'], breakOut: day['breakOut'], reason: data.note };
      const recorded = existing === undefined ? await createAttendance(trx, { employee: day['employee'], date: day['date'], ...times }, actor, lang, now) : await updateAttendance(trx, existing, times, actor, now);
      attendanceId = recorded._id;
    }
    const status = how === 'dismiss' ? 'dismissed' : 'resolved';
    if (!(await closeClockConflict(trx, id, { status, note: data.note, by: actor.id, at, attendanceId }))) throw new AppError('clockConflicts.alreadyClosed', 409);
    await appendAudit(trx, {
      userId: actor.id,
      entity: 'clockConflict',
      entityId: id,
      action: `clockConflict.${how}`,
      before: { status: 'open', reason: conflict.reason },
      after: { status, attendanceId },
      reason: data.note,
      at,
    });
  });
  const { timezone } = await getSettings(db);
  return toConflictDto((await findClockConflict(db, id))!, lang, timezone);
}
