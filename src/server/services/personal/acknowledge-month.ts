import { createHash } from 'node:crypto';
import { acknowledgementRefusal, type AcknowledgeMonthInput } from '#domain/access/record-acknowledgement.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import { nowIso, nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findAcknowledgement, insertAcknowledgement, renewAcknowledgement } from '../../db/repositories/record-acknowledgements.ts';
import { chainHeadOf } from '../../db/repositories/record-chain.ts';
import { companyIdOfEmployee } from '../../db/repositories/employees.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { getSettings } from '../get-settings.ts';
import { monthlyRecords } from '../reports/monthly-records.ts';
import { receiptFiguresDigest } from '../reports/receipt-state.ts';
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
 * "I have received my record for <month>" (decisions 036 and 077): the account's own employee only
 * (any other named employee, or none linked, is a 404), a month that has ended in the company's
 * zone (422 `acknowledgement.monthNotEnded` otherwise). Once: a second acknowledgement changes
 * nothing and answers the first (`created: false`) — unless the month's figures changed after it,
 * when it renews the receipt (`created: true`; the earlier one stays in the audit log). Kept with
 * the month's totals, a SHA-256 of the record's days and totals as they stood, the digest of its
 * figures (`receiptFiguresDigest`) and the company's chain head.
 */
export async function acknowledgeMonth(db: Db, user: SessionUser, input: AcknowledgeMonthInput): Promise<{ created: boolean; data: AcknowledgementView }> {
  const employeeId = user.employeeId;
  if (employeeId === null || (input.employee !== undefined && input.employee !== employeeId)) throw notFound();
  const current = localDateOf(nowMs(), (await getSettings(db)).timezone).slice(0, 7);
  const refusal = acknowledgementRefusal(input.month, current);
  if (refusal) throw new AppError('validation.invalidInput', 422, {}, { month: refusal });

  const entry = (await monthlyRecords(db, { employee: employeeId }, input.month)).records[0];
  const known = await findAcknowledgement(db, employeeId, input.month);
  if (known && !entry?.receipt?.changed) return { created: false, data: view(known) };

  const days = entry?.record.days ?? [];
  const totals = entry?.record.totals;
  const digest = createHash('sha256')
    .update(JSON.stringify({ employee: employeeId, month: input.month, days, totals: totals ?? null }))
    .digest('hex');
  const figuresDigest = receiptFiguresDigest(days);
  const companyId = await companyIdOfEmployee(db, employeeId);
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
      figuresDigest,
      // Read in the transaction: a write chained after it is after the receipt.
      chainSeq: (await chainHeadOf(trx, companyId))?.seq ?? 0,
    };
    const created = known ? await renewAcknowledgement(trx, known.id, known.acknowledgedAt, row) : await insertAcknowledgement(trx, row);
    // Two acknowledgements at once: the first one wins, the other answers it.
    const stored = await findAcknowledgement(trx, employeeId, input.month);
    if (created)
      await appendAudit(trx, {
        userId: user.id,
        entity: 'recordAcknowledgement',
        entityId: stored!.id,
        action: known ? 'renew' : 'create',
        before: known ? { acknowledgedAt: known.acknowledgedAt, digest: known.digest, figuresDigest: known.figuresDigest } : undefined,
        after: { employeeId, month: input.month, digest, figuresDigest },
        at,
      });
    return { created, data: view(stored!) };
  });
}
