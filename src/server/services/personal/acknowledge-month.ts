import { createHash } from 'node:crypto';
import { acknowledgementRefusal, type AcknowledgeMonthInput } from '#domain/access/record-acknowledgement.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import { nowIso, nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findAcknowledgement, insertAcknowledgement } from '../../db/repositories/record-acknowledgements.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { getSettings } from '../get-settings.ts';
import { monthlyRecords } from '../reports/monthly-records.ts';
import type { SessionUser } from '../sign-in/session-user.ts';

export interface AcknowledgementView {
  employee: number;
  month: string;
  acknowledgedAt: string;
  workedSeconds: number;
  overtimeSeconds: number;
  attendedDays: number;
  absentDays: number;
  leaveDays: number;
  digest: string;
}

function view(row: NonNullable<Awaited<ReturnType<typeof findAcknowledgement>>>): AcknowledgementView {
  const { employeeId, month, acknowledgedAt, workedSeconds, overtimeSeconds, attendedDays, absentDays, leaveDays, digest } = row;
  return { employee: employeeId, month, acknowledgedAt, workedSeconds, overtimeSeconds, attendedDays, absentDays, leaveDays, digest };
}

/** The account's own acknowledgement of a month, if any (none without a linked employee). */
export async function ownAcknowledgement(db: Db, user: Pick<SessionUser, 'employeeId'>, month: string): Promise<AcknowledgementView | undefined> {
  if (user.employeeId === null) return undefined;
  const row = await findAcknowledgement(db, user.employeeId, month);
  return row ? view(row) : undefined;
}

/**
 * "I have received my record for <month>" (decision 036): the account's own employee only (any
 * other named employee, or none linked, is a 404), a past or the current month (422 otherwise),
 * once: a second acknowledgement changes nothing and answers the first (`created: false`). Kept
 * with the month's totals and a SHA-256 of the record's days and totals as they stood.
 */
export async function acknowledgeMonth(db: Db, user: SessionUser, input: AcknowledgeMonthInput): Promise<{ created: boolean; data: AcknowledgementView }> {
  const employeeId = user.employeeId;
  if (employeeId === null || (input.employee !== undefined && input.employee !== employeeId)) throw notFound();
  const current = localDateOf(nowMs(), (await getSettings(db)).timezone).slice(0, 7);
  const refusal = acknowledgementRefusal(input.month, current);
  if (refusal) throw new AppError('validation.invalidInput', 422, {}, { month: refusal });
  const known = await findAcknowledgement(db, employeeId, input.month);
  if (known) return { created: false, data: view(known) };

  const entry = (await monthlyRecords(db, { employee: employeeId }, input.month)).records[0];
  const totals = entry?.record.totals;
  const digest = createHash('sha256')
    .update(JSON.stringify({ employee: employeeId, month: input.month, days: entry?.record.days ?? [], totals: totals ?? null }))
    .digest('hex');
  return db.transaction().execute(async (trx) => {
    const at = nowIso();
    const row = {
      employeeId,
      month: input.month,
      acknowledgedAt: at,
      userId: user.id,
      workedSeconds: totals?.workedSeconds ?? 0,
      overtimeSeconds: totals?.overtimeSeconds ?? 0,
      attendedDays: totals?.attendedDays ?? 0,
      absentDays: totals?.absentDays ?? 0,
      leaveDays: totals?.leaveDays ?? 0,
      digest,
    };
    const created = await insertAcknowledgement(trx, row);
    // Two acknowledgements at once: the first one wins, the other answers it.
    const stored = await findAcknowledgement(trx, employeeId, input.month);
    if (created) await appendAudit(trx, { userId: user.id, entity: 'recordAcknowledgement', entityId: stored!.id, action: 'create', after: { employeeId, month: input.month, digest }, at });
    return { created, data: view(stored!) };
  });
}
