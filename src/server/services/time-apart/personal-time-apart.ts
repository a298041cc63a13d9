import type { InterruptionInput, StandbyInput } from '#domain/worktime/time-apart-schema.ts';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { removeTimeApart, writeInterruption, writeStandby } from './record-time-apart.ts';

/**
 * The worker records their own standby periods and interruptions in the personal area (issue 38
 * point 1, decision 080), with decision 067's guards: always the session's own employee (no field
 * can name another), never through an API token (a script is not the worker), 403 for an account
 * linked to no employee. A worker removes only rows they entered themselves (404 otherwise, and for
 * an account without an employee).
 */

type Worker = Pick<SessionUser, 'id' | 'employeeId' | 'apiTokenId'>;

function ownEmployee(user: Worker): number {
  if (user.apiTokenId !== undefined) throw new AppError('timeApart.errors.tokenRefused', 403);
  if (user.employeeId === null) throw new AppError('personal.noEmployee', 403);
  return user.employeeId;
}

export async function recordOwnStandby(db: Db, user: Worker, input: StandbyInput) {
  return writeStandby(db, ownEmployee(user), input, { userId: user.id, source: 'personal' });
}

export async function recordOwnInterruption(db: Db, user: Worker, input: InterruptionInput) {
  return writeInterruption(db, ownEmployee(user), input, { userId: user.id, source: 'personal' });
}

/** An account without an employee has no rows of its own: any id is a 404, as another's is. */
export async function removeOwnTimeApart(db: Db, user: Worker, what: 'standby' | 'interruption', id: number): Promise<void> {
  if (user.apiTokenId !== undefined) throw new AppError('timeApart.errors.tokenRefused', 403);
  const employeeId = user.employeeId;
  if (employeeId === null) throw new AppError('timeApart.errors.notFound', 404);
  await removeTimeApart(db, what, id, user.id, async (row) => row.employeeId === employeeId && row.source === 'personal');
}
