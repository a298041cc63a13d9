import type { CorrectionRequestDto } from '#domain/api/records.ts';
import { scopedEmployeeFilter } from '#domain/permissions/record-access.ts';
import type { Db } from '../../db/connection.ts';
import { countPendingRequests, listCorrectionRequests, type CorrectionRequestRow } from '../../db/repositories/attendance-correction-requests.ts';
import type { RecordActor } from '../record-guard.ts';
import { toRequestDtos } from './correction-dto.ts';

const STATUSES = new Set(['pending', 'approved', 'declined', 'withdrawn']);
const LIMIT = 200;

/**
 * Correction requests, newest first (at most 200): `status` (pending/approved/declined/withdrawn;
 * any other value or none: every status) and, for administrators, `employee`. An Employee account
 * sees only its own; an unlinked one none.
 */
export async function listCorrections(db: Db, params: URLSearchParams, actor: RecordActor): Promise<{ data: CorrectionRequestDto[]; total: number }> {
  const asked = Number(params.get('employee'));
  const employee = scopedEmployeeFilter(actor, Number.isSafeInteger(asked) && asked > 0 ? asked : undefined);
  if (employee === null) return { data: [], total: 0 };
  const status = params.get('status') ?? '';
  const rows = await listCorrectionRequests(db, {
    employeeId: employee,
    status: STATUSES.has(status) ? (status as CorrectionRequestRow['status']) : undefined,
    limit: LIMIT,
  });
  const data = await toRequestDtos(db, rows);
  return { data, total: data.length };
}

/** Requests waiting for an administrator (the navigation's badge). */
export function pendingCorrectionCount(db: Db): Promise<number> {
  return countPendingRequests(db);
}
