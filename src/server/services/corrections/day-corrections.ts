import { acceptanceState, type AcceptanceState } from '#domain/attendance/correction-rules.ts';
import type { Db } from '../../db/connection.ts';
import { acceptancesOf } from '../../db/repositories/attendance-correction-acceptances.ts';
import { correctionRequestsOn, type CorrectionRequestRow } from '../../db/repositories/attendance-correction-requests.ts';
import { nowIso } from '../../clock/now.ts';

export interface DayAnswer {
  state: AcceptanceState;
  comment: string | null;
  dueAt: string;
  answeredAt: string | null;
}

/**
 * The two-sided side of one day's history (decision 034), for a caller that already may read the
 * day: the worker's requests about it (oldest first) and the worker's answer by revision.
 */
export async function dayCorrections(db: Db, day: { _id: number; employee: number; date: string }, now = nowIso()): Promise<{ requests: CorrectionRequestRow[]; answers: Record<number, DayAnswer> }> {
  const requests = await correctionRequestsOn(db, [day.employee], day.date, day.date);
  const answers: Record<number, DayAnswer> = {};
  for (const a of await acceptancesOf(db, [day._id])) answers[a.revision] = { state: acceptanceState(a, now), comment: a.comment, dueAt: a.dueAt, answeredAt: a.answeredAt };
  return { requests, answers };
}
