import { acceptanceDueAt, needsWorkerAcceptance } from '#domain/attendance/correction-rules.ts';
import type { Db } from '../../db/connection.ts';
import { insertAcceptance, supersedeAcceptances } from '../../db/repositories/attendance-correction-acceptances.ts';
import { getSettings } from '../get-settings.ts';
import { notifyCorrectionAwaiting } from '../notifications/notify-correction-awaiting.ts';

/** Where a correction comes from: a worker's approved request carries its id. */
export interface CorrectionOrigin {
  requestId?: number;
}

/**
 * After a correction or a manual day is written (same transaction): an administrator's change
 * waits for the worker's acceptance until `correctionAcceptanceDays` have passed (decision 034);
 * a change the worker asked for needs no answer and ends any earlier wait of that day.
 */
export async function awaitWorkerAcceptance(trx: Db, change: { attendanceId: number; revision: number; employeeId: number; authorEmployeeId: number | null; origin: CorrectionOrigin; at: string }): Promise<void> {
  const fromRequest = change.origin.requestId !== undefined;
  if (!needsWorkerAcceptance({ authorEmployeeId: change.authorEmployeeId, employeeId: change.employeeId, fromRequest })) {
    await supersedeAcceptances(trx, change.attendanceId);
    return;
  }
  const { correctionAcceptanceDays } = await getSettings(trx);
  const dueAt = acceptanceDueAt(change.at, correctionAcceptanceDays);
  await insertAcceptance(trx, {
    attendanceId: change.attendanceId,
    revision: change.revision,
    employeeId: change.employeeId,
    status: 'pending',
    dueAt,
    createdAt: change.at,
  });
  // The worker is told in the same transaction (decision 055).
  await notifyCorrectionAwaiting(trx, { attendanceId: change.attendanceId, revision: change.revision, employeeId: change.employeeId, dueAt });
}
