import { DOUBLE_TAP_SECONDS, isDoubleTap } from '#domain/clock/double-tap.ts';
import { decideClockPunch } from '../punch/decide-clock-punch.ts';
import { judgeSequence, landsBeforeRecord, placeLatePunch, type ConflictReason, type LatePunchStatus } from '#domain/clock/late-punch.ts';
import type { LatePunch, LatePunchBatch } from '#domain/clock/late-punch-request.ts';
import { epochSeconds, isoOfSeconds } from '#domain/clock/shift-bounds.ts';
import type { Settings } from '#domain/settings/settings.ts';
import { pinKey } from '../../auth/pin-key.ts';
import { nowIso, nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { countUnknownIdentifiers, insertClockConflict } from '../../db/repositories/clock-conflicts.ts';
import { advanceTerminalSeq, findCompanyEmployeesBy, findOfflineReceipt, insertOfflineReceipt, latestPunchAt, terminalLastSeq } from '../../db/repositories/offline-punches.ts';
import { applyPunch, findLatestClockPunch } from '../../db/repositories/punches.ts';
import { conflictDetailJson, type ConflictDetail } from '../../db/stored-formats.ts';
import { AppError } from '../../http/app-error.ts';
import { getSettings } from '../get-settings.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';
import { emitEmployeeWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import type { ClockTerminal } from '../terminals/resolve-terminal.ts';

/** Unknown PINs or badges one terminal may send in an hour on this path (as many as the live kiosk's limit). */
export const OFFLINE_UNKNOWN_PER_HOUR = 60;

export interface LatePunchResult {
  seq: number;
  status: LatePunchStatus;
  /** The recorded instant (recorded, repeat); absent for a conflict. */
  time?: string;
}

export interface LatePunchAnswer {
  results: LatePunchResult[];
  /** The terminal's last sequence number now (the terminal's numbering never goes below it). */
  lastSeq: number;
}

/** Who a PIN or badge names in the terminal's company, or why nobody. */
type Identified = { ok: true; employeeId: number } | { ok: false; reason: Extract<ConflictReason, 'unknownIdentifier' | 'archived' | 'methodNotAllowed'> };

async function identify(db: Db, terminal: ClockTerminal, punch: LatePunch, settings: Pick<Settings, 'rfidClock'>): Promise<Identified> {
  const byCard = punch.card !== undefined;
  if (byCard ? !settings.rfidClock || !terminal.methods.includes('badge') : !terminal.methods.includes('pin')) return { ok: false, reason: 'methodNotAllowed' };
  const lookup = byCard ? { column: 'rfidCard' as const, value: punch.card! } : { column: 'pinKey' as const, value: pinKey(punch.pin!) };
  const rows = await findCompanyEmployeesBy(db, terminal.companyId, lookup);
  const active = rows.filter((r) => r.status === 'active');
  if (active.length === 1) return { ok: true, employeeId: active[0]!.id };
  return { ok: false, reason: active.length === 0 && rows.length > 0 ? 'archived' : 'unknownIdentifier' };
}

/**
 * `POST /api/clock/offline` (decision 046): the punches a paired terminal kept while it could not
 * reach the server, in sequence order. Each is handled in its own transaction:
 *
 * 1. A (terminal, seq) already received is answered as the first time (its receipt); nothing is written.
 * 2. A number at or below `terminals.last_seq` never received: conflict `outOfOrder`. A number
 *    after a gap is applied and the missing numbers become one `sequenceGap` conflict. A number
 *    more than MAX_SEQUENCE_JUMP past it: conflict `sequenceJump`, `last_seq` unmoved.
 * 3. The instant: the device time corrected by the device clock's error (placeLatePunch); in the
 *    future or older than 72 h: conflict.
 * 4. The PIN or badge names an active employee of the terminal's company (the terminal's methods
 *    and the badge setting apply), else conflict `unknownIdentifier` / `archived` /
 *    `methodNotAllowed`. Unknown identifiers count against OFFLINE_UNKNOWN_PER_HOUR: past it the
 *    rest of the batch waits (unanswered) and a batch with nothing answered is 429.
 * 5. A punch at or before the employee's latest punch: conflict `laterPunch` (the day's order is
 *    not rewritten); a repeat of the last punch within DOUBLE_TAP_SECONDS: `repeat`.
 * 6. The clock engine decides AT that instant (the day as recorded, the schedule, leave); a refusal
 *    is conflict `refused` with the engine's message. Else the punch is written as a live one would
 *    be, with `offline_seq` and `created_at` = when it arrived, and audited with both times.
 *
 * Every conflict is a `clock_conflicts` row (and an audit entry) for an administrator: nothing is
 * dropped. The answer names no employee and no reason: the terminal only learns which numbers the
 * server has now, so it can delete them.
 */
export async function receiveOfflinePunches(db: Db, terminal: ClockTerminal, batch: LatePunchBatch): Promise<LatePunchAnswer> {
  const settings = await getSettings(db);
  const results: LatePunchResult[] = [];
  const hourAgo = isoOfSeconds(Math.floor(nowMs() / 1000) - 3600);
  for (const punch of batch.punches) {
    const receipt = await findOfflineReceipt(db, terminal.id, punch.seq);
    if (receipt) {
      results.push({ seq: punch.seq, status: receipt.status, ...(receipt.time ? { time: receipt.time } : {}) });
      continue;
    }
    if ((await countUnknownIdentifiers(db, terminal.id, hourAgo)) >= OFFLINE_UNKNOWN_PER_HOUR) break;
    const identified = await identify(db, terminal, punch, settings);
    results.push(await receiveOne(db, terminal, punch, batch.sentAt, identified, settings));
  }
  if (results.length === 0 && batch.punches.length > 0) {
    throw new AppError('clockConflicts.tooManyUnknown', 429, { retryAfterSeconds: 600 });
  }
  return { results, lastSeq: await terminalLastSeq(db, terminal.id) };
}

async function receiveOne(db: Db, terminal: ClockTerminal, punch: LatePunch, sentAt: string, identified: Identified, settings: Settings): Promise<LatePunchResult> {
  let hooks = 0;
  const result = await db.transaction().execute(async (trx): Promise<LatePunchResult> => {
    // Again inside the write lock: two copies of one batch sent at once write it once.
    const again = await findOfflineReceipt(trx, terminal.id, punch.seq);
    if (again) return { seq: punch.seq, status: again.status, ...(again.time ? { time: again.time } : {}) };

    const receivedAt = nowIso();
    const method = punch.card !== undefined ? ('card' as const) : ('pin' as const);
    const employeeId = identified.ok ? identified.employeeId : null;
    const placed = placeLatePunch({ at: punch.at, sentAt, receivedAt });
    const base = {
      companyId: terminal.companyId,
      terminalId: terminal.id,
      terminalName: terminal.name,
      employeeId,
      action: punch.action,
      method,
      at: placed.at,
      deviceAt: punch.at,
      createdAt: receivedAt,
    };
    const conflict = async (reason: ConflictReason, detail: ConflictDetail | null = null): Promise<LatePunchResult> => {
      const conflictId = await insertClockConflict(trx, { ...base, seq: punch.seq, seqTo: null, reason, detail: detail && conflictDetailJson(detail) });
      await appendAudit(trx, {
        userId: null,
        entity: 'clockConflict',
        entityId: conflictId,
        action: 'clockConflict.create',
        after: { ...base, seq: punch.seq, reason, ...(detail ? { detail } : {}) },
        at: receivedAt,
      });
      await insertOfflineReceipt(trx, { terminalId: terminal.id, seq: punch.seq, status: 'conflict', punchId: null, conflictId, time: null, receivedAt });
      return { seq: punch.seq, status: 'conflict' };
    };

    const sequence = judgeSequence(await terminalLastSeq(trx, terminal.id), punch.seq);
    if (sequence.kind === 'outOfOrder') return conflict('outOfOrder');
    if (sequence.kind === 'tooFar') return conflict('sequenceJump');
    await advanceTerminalSeq(trx, terminal.id, punch.seq);
    if (sequence.missing) {
      const gapId = await insertClockConflict(trx, {
        ...base,
        employeeId: null,
        action: null,
        method: null,
        at: null,
        deviceAt: null,
        seq: sequence.missing.from,
        seqTo: sequence.missing.to,
        reason: 'sequenceGap',
        detail: null,
      });
      await appendAudit(trx, { userId: null, entity: 'clockConflict', entityId: gapId, action: 'clockConflict.create', after: { terminalId: terminal.id, reason: 'sequenceGap', ...sequence.missing }, at: receivedAt });
    }
    if (!placed.ok) return conflict(placed.reason);
    if (!identified.ok) return conflict(identified.reason);
    const at = placed.at;
    const employee = identified.employeeId;
    if (landsBeforeRecord(at, await latestPunchAt(trx, employee))) return conflict('laterPunch');

    const atSeconds = epochSeconds(at);
    const last = await findLatestClockPunch(trx, employee, isoOfSeconds(atSeconds - DOUBLE_TAP_SECONDS), at);
    if (last && isDoubleTap(last, punch.action, atSeconds)) {
      await insertOfflineReceipt(trx, { terminalId: terminal.id, seq: punch.seq, status: 'repeat', punchId: last.id, conflictId: null, time: last.at, receivedAt });
      return { seq: punch.seq, status: 'repeat', time: last.at };
    }

    const decision = await decideClockPunch(trx, { employeeId: employee, action: punch.action, at, settings });
    if (!decision.ok) return conflict('refused', { code: decision.code, params: decision.params });

    const { attendanceId, punchId } = await applyPunch(trx, {
      employeeId: employee,
      timeZone: settings.timezone,
      change: decision.change,
      method,
      terminal: terminal.name,
      terminalId: terminal.id,
      offline: { seq: punch.seq, receivedAt },
    });
    await appendAudit(trx, {
      userId: null,
      entity: 'attendance',
      entityId: attendanceId,
      action: `clock.${punch.action}`,
      after: { employeeId: employee, method, terminal: terminal.name, terminalId: terminal.id, offline: true, seq: punch.seq, deviceAt: punch.at, receivedAt, skewSeconds: placed.skewSeconds, ...decision.change },
      at: receivedAt,
    });
    await insertOfflineReceipt(trx, { terminalId: terminal.id, seq: punch.seq, status: 'recorded', punchId, conflictId: null, time: at, receivedAt });
    // In the punch's transaction (decision 058); `at` is when it happened, `receivedAt` when it arrived.
    hooks += await emitEmployeeWebhookEvent(trx, employee, {
      event: 'punch.recorded',
      occurredAt: at,
      data: { punchId, attendanceId, employeeId: employee, action: punch.action, at, method, terminalId: terminal.id, offline: true, receivedAt },
    });
    return { seq: punch.seq, status: 'recorded', time: at };
  });
  if (hooks > 0) wakeOutbox();
  return result;
}
