import { acceptanceState } from '#domain/attendance/correction-rules.ts';
import type { CorrectionAcceptanceDto, CorrectionRequestDto } from '#domain/api/records.ts';
import type { Db } from '../../db/connection.ts';
import { pendingAcceptancesOf } from '../../db/repositories/attendance-correction-acceptances.ts';
import { listCorrectionRequests } from '../../db/repositories/attendance-correction-requests.ts';
import { nowIso } from '../../clock/now.ts';
import { toRequestDtos } from './correction-dto.ts';

/**
 * The personal area's corrections: the worker's own latest requests and the administrators'
 * corrections still waiting for the worker's answer (not yet past their due time).
 */
export async function myCorrections(db: Db, employeeId: number, now = nowIso()): Promise<{ requests: CorrectionRequestDto[]; awaiting: CorrectionAcceptanceDto[] }> {
  const requests = await toRequestDtos(db, await listCorrectionRequests(db, { employeeId, limit: 20 }));
  const awaiting = (await pendingAcceptancesOf(db, employeeId))
    .map((a) => ({ ...a, state: acceptanceState(a, now) }))
    .filter((a) => a.state === 'pending')
    .map((a) => ({ attendance: a.attendanceId, revision: a.revision, date: a.date, timezone: a.timezone, state: a.state, dueAt: a.dueAt, comment: a.comment, answeredAt: a.answeredAt, createdAt: a.createdAt }));
  return { requests, awaiting };
}
