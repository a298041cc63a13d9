import type { InterruptionInput, StandbyInput } from '#domain/worktime/time-apart-schema.ts';
import type { Db } from '../../db/connection.ts';
import { refuseOwnDecision } from '../four-eyes/refuse-own-decision.ts';
import { requireReadable, requireWritable, type RecordActor } from '../record-guard.ts';
import { removeTimeApart, writeInterruption, writeStandby } from './record-time-apart.ts';

/**
 * An administrator enters or removes an employee's standby periods and interruptions (issue 38
 * point 1): the route asks `attendance.create` / `attendance.update`; here the record-access
 * policy (decision 024: another's employee is a 404) and four eyes (issue 34.5: not one's own record).
 */

type Actor = RecordActor & { employeeId: number | null };

async function guard(db: Db, actor: Actor, employeeId: number): Promise<void> {
  requireWritable(actor, employeeId, 'record');
  await refuseOwnDecision(db, actor, { employeeId });
}

export async function recordStandbyFor(db: Db, actor: Actor, input: StandbyInput & { employee: number }) {
  await guard(db, actor, input.employee);
  return writeStandby(db, input.employee, input, { userId: actor.id, source: 'manual' });
}

export async function recordInterruptionFor(db: Db, actor: Actor, input: InterruptionInput & { employee: number }) {
  await guard(db, actor, input.employee);
  return writeInterruption(db, input.employee, input, { userId: actor.id, source: 'manual' });
}

export async function removeTimeApartFor(db: Db, actor: Actor, what: 'standby' | 'interruption', id: number): Promise<void> {
  await removeTimeApart(db, what, id, actor.id, async (row, trx) => {
    requireReadable(actor, row.employeeId);
    await guard(trx, actor, row.employeeId);
    return true;
  });
}
