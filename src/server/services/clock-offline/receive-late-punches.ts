import type { ClockAction } from '#domain/clock/clock-engine.ts';
import { judgeSequence, landsBeforeRecord, placeLatePunch, type ConflictReason, type LatePunchStatus } from '#domain/clock/late-punch.ts';
import type { Settings } from '#domain/settings/settings.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { insertClockConflict } from '../../db/repositories/clock-conflicts.ts';
import { latestPunchAt } from '../../db/repositories/offline-punches.ts';
import { applyPunch } from '../../db/repositories/punches.ts';
import type { PunchTable } from '../../db/schema.ts';
import { conflictDetailJson, type ConflictDetail } from '../../db/stored-formats.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';
import { emitEmployeeWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { decideClockPunch } from '../punch/decide-clock-punch.ts';

export interface LatePunchResult {
  seq: number;
  status: LatePunchStatus;
  /** The recorded instant (recorded, repeat); absent for a conflict. */
  time?: string;
}

/**
 * Who a late punch is of, or why it cannot be theirs (a conflict; `employeeId` when known: a
 * personal punch is always the session's employee's, even when refused).
 */
export type Identified = { ok: true; employeeId: number } | { ok: false; reason: Extract<ConflictReason, 'unknownIdentifier' | 'archived' | 'methodNotAllowed'>; employeeId?: number };

/** What every late punch has, whatever device kept it. */
export interface AnyLatePunch {
  seq: number;
  /** The device's clock when the person punched. */
  at: string;
  action: ClockAction;
}

export interface Receipt {
  status: LatePunchStatus;
  punchId: number | null;
  conflictId: number | null;
  time: string | null;
  receivedAt: string;
}

/**
 * A device that keeps punches and numbers them (decision 046: a paired terminal; decision 071: a
 * worker's own device on the personal clock). The rules are the same for both (receiveLatePunch);
 * only where the numbers and receipts are kept, who a punch is of and what the punch row says differ.
 */
export interface LateSource<P extends AnyLatePunch> {
  /** Where conflicts say the punch came from. */
  where: { companyId: number | null; terminalId: number | null; terminalName: string; personalDeviceId: number | null };
  findReceipt(db: Db, seq: number): Promise<Receipt | undefined>;
  insertReceipt(db: Db, seq: number, receipt: Receipt): Promise<void>;
  lastSeq(db: Db): Promise<number>;
  advanceSeq(db: Db, seq: number): Promise<void>;
  method(punch: P): PunchTable['method'] & ('pin' | 'card' | 'personal');
  /** What the punch row records besides the change (terminal, or work mode and device). */
  punchRow(punch: P): { terminal: string | null; terminalId: number | null; workMode?: 'on-site' | 'remote'; device?: string | null };
  /** The account that sent it (the audit's user); null for a terminal. */
  userId: number | null;
  /** Extra fields of the audit entry, and of the webhook's data. */
  auditExtra(punch: P): Record<string, unknown>;
  hookExtra(punch: P): Record<string, unknown>;
}

/**
 * One late punch, in its own transaction (decision 046, shared by decision 071):
 *
 * 1. A number already received is answered as the first time (its receipt); nothing is written.
 * 2. A number at or below the device's last one never received: conflict `outOfOrder`. A number
 *    after a gap is applied and the missing numbers become one `sequenceGap` conflict. A number
 *    too far past it: conflict `sequenceJump`, the last number unmoved.
 * 3. The instant: the device time corrected by the device clock's error (placeLatePunch); in the
 *    future or too old: conflict.
 * 4. Nobody identified: conflict with the reason.
 * 5. A punch at or before the employee's latest punch: conflict `laterPunch`; a repeat of the last
 *    punch within DOUBLE_TAP_SECONDS: `repeat`.
 * 6. The clock engine decides AT that instant; a refusal is conflict `refused`. Else the punch is
 *    written as a live one would be, with `offline_seq` and `created_at` = when it arrived, audited
 *    with both times, and its `punch.recorded` webhooks.
 *
 * Every conflict is a `clock_conflicts` row (and an audit entry) for an administrator.
 */
export async function receiveLatePunch<P extends AnyLatePunch>(db: Db, source: LateSource<P>, punch: P, sentAt: string, identified: Identified, settings: Settings): Promise<LatePunchResult> {
  let hooks = 0;
  const result = await db.transaction().execute(async (trx): Promise<LatePunchResult> => {
    // Again inside the write lock: two copies of one batch sent at once write it once.
    const again = await source.findReceipt(trx, punch.seq);
    if (again) return receiptAnswer(punch.seq, again);

    const receivedAt = nowIso();
    const method = source.method(punch);
    const employeeId = identified.employeeId ?? null;
    const placed = placeLatePunch({ at: punch.at, sentAt, receivedAt });
    const base = { ...source.where, employeeId, action: punch.action, method, at: placed.at, deviceAt: punch.at, createdAt: receivedAt };
    const conflict = async (reason: ConflictReason, detail: ConflictDetail | null = null): Promise<LatePunchResult> => {
      const conflictId = await insertClockConflict(trx, { ...base, seq: punch.seq, seqTo: null, reason, detail: detail && conflictDetailJson(detail) });
      await appendAudit(trx, {
        userId: source.userId,
        entity: 'clockConflict',
        entityId: conflictId,
        action: 'clockConflict.create',
        after: { ...base, seq: punch.seq, reason, ...(detail ? { detail } : {}) },
        at: receivedAt,
      });
      await source.insertReceipt(trx, punch.seq, { status: 'conflict', punchId: null, conflictId, time: null, receivedAt });
      return { seq: punch.seq, status: 'conflict' };
    };

    const sequence = judgeSequence(await source.lastSeq(trx), punch.seq);
    if (sequence.kind === 'outOfOrder') return conflict('outOfOrder');
    if (sequence.kind === 'tooFar') return conflict('sequenceJump');
    await source.advanceSeq(trx, punch.seq);
    if (sequence.missing) {
      const gapId = await insertClockConflict(trx, {
        ...base,
        employeeId: source.where.personalDeviceId === null ? null : employeeId,
        action: null,
        method: null,
        at: null,
        deviceAt: null,
        seq: sequence.missing.from,
        seqTo: sequence.missing.to,
        reason: 'sequenceGap',
        detail: null,
      });
      await appendAudit(trx, {
        userId: source.userId,
        entity: 'clockConflict',
        entityId: gapId,
        action: 'clockConflict.create',
        after: { terminalId: source.where.terminalId, personalDeviceId: source.where.personalDeviceId, reason: 'sequenceGap', ...sequence.missing },
        at: receivedAt,
      });
    }
    if (!placed.ok) return conflict(placed.reason);
    if (!identified.ok) return conflict(identified.reason);
    const at = placed.at;
    const employee = identified.employeeId;
    if (landsBeforeRecord(at, await latestPunchAt(trx, employee))) return conflict('laterPunch');

    const decision = await decideClockPunch(trx, { employeeId: employee, action: punch.action, at, settings });
    if ('repeatOf' in decision) {
      const last = decision.repeatOf;
      await source.insertReceipt(trx, punch.seq, { status: 'repeat', punchId: last.id, conflictId: null, time: last.at, receivedAt });
      return { seq: punch.seq, status: 'repeat', time: last.at };
    }
    if (!decision.ok) return conflict('refused', { code: decision.code, params: decision.params });

    const row = source.punchRow(punch);
    const { attendanceId, punchId } = await applyPunch(trx, {
      employeeId: employee,
      timeZone: settings.timezone,
      change: decision.change,
      method,
      ...row,
      offline: { seq: punch.seq, receivedAt },
    });
    await appendAudit(trx, {
      userId: source.userId,
      entity: 'attendance',
      entityId: attendanceId,
      action: `clock.${punch.action}`,
      after: { employeeId: employee, method, ...source.auditExtra(punch), offline: true, seq: punch.seq, deviceAt: punch.at, receivedAt, skewSeconds: placed.skewSeconds, ...decision.change },
      at: receivedAt,
    });
    await source.insertReceipt(trx, punch.seq, { status: 'recorded', punchId, conflictId: null, time: at, receivedAt });
    // In the punch's transaction (decision 058); `at` is when it happened, `receivedAt` when it arrived.
    hooks += await emitEmployeeWebhookEvent(trx, employee, {
      event: 'punch.recorded',
      occurredAt: at,
      data: { punchId, attendanceId, employeeId: employee, action: punch.action, at, method, ...source.hookExtra(punch), offline: true, receivedAt },
    });
    return { seq: punch.seq, status: 'recorded', time: at };
  });
  if (hooks > 0) wakeOutbox();
  return result;
}

/** A receipt as the answer repeats it. */
export const receiptAnswer = (seq: number, r: Receipt): LatePunchResult => ({ seq, status: r.status, ...(r.time ? { time: r.time } : {}) });
