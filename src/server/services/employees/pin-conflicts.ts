import { SharedRateLimiter } from '../../auth/shared-rate-limiter.ts';
import { nowIso, nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * "PIN already in use" answers tell an administrator that some employee has that PIN — the
 * secret that punches for them at the kiosk. So they are counted per account: at most
 * PIN_CONFLICTS_PER_HOUR in a sliding hour (form saves and CSV imports, dry runs included), then
 * 429 `errors.tooManyPinConflicts` for every PIN check of that account until the hour has passed.
 * Each conflict is audited (`employee` / `pinConflict`, never the PIN itself).
 */
export const PIN_CONFLICTS_PER_HOUR = 10;
const limiter = new SharedRateLimiter('pin-conflicts', PIN_CONFLICTS_PER_HOUR, 60 * 60 * 1000, nowMs);

async function tooMany(actorId: number): Promise<AppError> {
  const wait = Math.max(1000, await limiter.retryAfterMs(String(actorId)));
  const minutes = Math.max(1, Math.ceil(wait / 60000));
  return new AppError('errors.tooManyPinConflicts', 429, { minutes, count: minutes, retryAfterSeconds: Math.ceil(wait / 1000) });
}

/** 429 while the account is over its limit: call before checking any PIN. */
export async function assertPinChecksAllowed(actorId: number): Promise<void> {
  if ((await limiter.retryAfterMs(String(actorId))) > 0) throw await tooMany(actorId);
}

/**
 * Records `count` PIN conflicts an answer is about to reveal (after the check's transaction has
 * rolled back: the audit entry must stay). When they go past what the account had left, the
 * caller must answer with the returned 429 instead of naming the conflicting PINs.
 */
export async function recordPinConflicts(db: Db, actorId: number, count: number, where: { source: 'create' | 'update' | 'import'; employeeId?: number | null; dryRun?: boolean }): Promise<AppError | undefined> {
  if (count <= 0) return undefined;
  const key = String(actorId);
  // Past the limit the account is locked whatever the count, so at most that many are recorded
  // (a file of 100,000 PINs in use must not cost 100,000 limiter updates).
  const allowed = await limiter.record(key, Math.min(count, PIN_CONFLICTS_PER_HOUR)); // kept: never released
  const refused = allowed < count;
  await appendAudit(db, {
    userId: actorId,
    entity: 'employee',
    entityId: where.employeeId ?? null,
    action: 'pinConflict',
    after: { source: where.source, conflicts: count, ...(where.dryRun ? { dryRun: true } : {}), ...(refused ? { refused: true } : {}) },
    at: nowIso(),
  });
  return refused ? await tooMany(actorId) : undefined;
}

/** The number of `pinTaken` problems in a refused employee save (0 or 1). */
export function pinConflictsIn(error: unknown): number {
  return error instanceof AppError && error.fields['pin'] === 'employees.pinTaken' ? 1 : 0;
}
