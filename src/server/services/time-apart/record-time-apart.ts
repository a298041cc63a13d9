import { interruptionRefusal, standbyRefusal, type TimeApartRefusal, type TimeApartSource } from '#domain/worktime/time-apart.ts';
import type { InterruptionInput, StandbyInput } from '#domain/worktime/time-apart-schema.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findEmployeeStatus } from '../../db/repositories/employees.ts';
import { deleteInterruption, deleteStandby, insertInterruption, insertStandby, interruptionById, standbyById, standbyOverlapping } from '../../db/repositories/time-apart.ts';
import { AppError } from '../../http/app-error.ts';
import { getSettings } from '../get-settings.ts';
import { inTransaction } from '../in-transaction.ts';

/**
 * Writes standby periods and interruptions (issue 38 point 1, decision 080) for one employee,
 * whoever asks: the personal and administrator services decide who may, then call these. The
 * rules are the domain's (`standbyRefusal`, `interruptionRefusal`: a refusal is a 422 naming the
 * field); the period lock and the chain are the repository's. One transaction with the audit entry.
 */

export interface TimeApartWriter {
  /** The acting account (audit, author). */
  userId: number;
  source: TimeApartSource;
}

const refused = (r: TimeApartRefusal | null): void => {
  if (r) throw new AppError(r.code, 422, {}, { [r.field]: r.code });
};

const iso = (instant: string): string => new Date(instant).toISOString();

async function activeEmployee(db: Db, employeeId: number): Promise<void> {
  const status = await findEmployeeStatus(db, employeeId);
  if (status === undefined) throw new AppError('validation.invalidInput', 422, {}, { employee: 'validation.unknownRecord' });
  if (status !== 'active') throw new AppError('timeApart.errors.archived', 409);
}

export async function writeStandby(db: Db, employeeId: number, input: StandbyInput, by: TimeApartWriter): Promise<{ id: number; date: string }> {
  const now = new Date(nowMs()).toISOString();
  const { timezone } = await getSettings(db);
  const startAt = iso(input.startAt);
  const endAt = iso(input.endAt);
  return inTransaction(db, async (trx) => {
    await activeEmployee(trx, employeeId);
    refused(standbyRefusal({ startAt, endAt, calledInSeconds: input.calledInSeconds }, now, endAt > startAt ? await standbyOverlapping(trx, employeeId, startAt, endAt) : []));
    const date = localDateOf(startAt, timezone);
    const row = { employeeId, kind: input.kind, startAt, endAt, date, timezone, calledInSeconds: input.calledInSeconds, source: by.source, authorId: by.userId, note: input.note, createdAt: now };
    const id = await insertStandby(trx, row);
    await appendAudit(trx, { userId: by.userId, entity: 'standby', entityId: id, action: 'standby.created', before: null, after: row, at: now });
    return { id, date };
  });
}

export async function writeInterruption(db: Db, employeeId: number, input: InterruptionInput, by: TimeApartWriter): Promise<{ id: number; date: string }> {
  const now = new Date(nowMs()).toISOString();
  const { timezone } = await getSettings(db);
  const at = iso(input.at);
  refused(interruptionRefusal({ at, durationSeconds: input.durationSeconds }, now));
  return inTransaction(db, async (trx) => {
    await activeEmployee(trx, employeeId);
    const date = localDateOf(at, timezone);
    const row = { employeeId, at, date, timezone, channel: input.channel, durationSeconds: input.durationSeconds, workDone: input.workDone, source: by.source, authorId: by.userId, note: input.note, createdAt: now };
    const id = await insertInterruption(trx, row);
    await appendAudit(trx, { userId: by.userId, entity: 'interruption', entityId: id, action: 'interruption.created', before: null, after: row, at: now });
    return { id, date };
  });
}

/**
 * Removes a row after `may` (given its employee and source, in the transaction) allowed it; 404 when there is none or
 * `may` answers false (another's row is not revealed).
 */
export async function removeTimeApart(db: Db, what: 'standby' | 'interruption', id: number, userId: number, may: (row: { employeeId: number; source: TimeApartSource }, trx: Db) => Promise<boolean>): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = what === 'standby' ? await standbyById(trx, id) : await interruptionById(trx, id);
    if (!row || !(await may(row, trx))) throw new AppError('timeApart.errors.notFound', 404);
    if (what === 'standby') await deleteStandby(trx, id);
    else await deleteInterruption(trx, id);
    await appendAudit(trx, { userId, entity: what, entityId: id, action: `${what}.deleted`, before: row, after: null });
  });
}
