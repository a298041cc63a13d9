import type { LatePunch, LatePunchBatch } from '#domain/clock/late-punch-request.ts';
import type { Settings } from '#domain/settings/settings.ts';
import { pinKey } from '../../auth/pin-key.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { countUnknownIdentifiers } from '../../db/repositories/clock-conflicts.ts';
import { advanceTerminalSeq, findCompanyEmployeesBy, findOfflineReceipt, insertOfflineReceipt, terminalLastSeq } from '../../db/repositories/offline-punches.ts';
import { AppError } from '../../http/app-error.ts';
import { isoOfSeconds } from '#domain/clock/shift-bounds.ts';
import { getSettings } from '../get-settings.ts';
import type { ClockTerminal } from '../terminals/resolve-terminal.ts';
import { receiveLatePunch, receiptAnswer, type Identified, type LatePunchResult, type LateSource } from './receive-late-punches.ts';

export type { LatePunchResult } from './receive-late-punches.ts';

/** Unknown PINs or badges one terminal may send in an hour on this path (as many as the live kiosk's limit). */
export const OFFLINE_UNKNOWN_PER_HOUR = 60;

export interface LatePunchAnswer {
  results: LatePunchResult[];
  /** The terminal's last sequence number now (the terminal's numbering never goes below it). */
  lastSeq: number;
}

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
 * reach the server, in sequence order. Each is handled in its own transaction by receiveLatePunch
 * (receive-late-punches.ts, shared with the personal clock's, decision 071):
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
  const source = terminalSource(terminal);
  const results: LatePunchResult[] = [];
  const hourAgo = isoOfSeconds(Math.floor(nowMs() / 1000) - 3600);
  for (const punch of batch.punches) {
    const receipt = await findOfflineReceipt(db, terminal.id, punch.seq);
    if (receipt) {
      results.push(receiptAnswer(punch.seq, receipt));
      continue;
    }
    if ((await countUnknownIdentifiers(db, terminal.id, hourAgo)) >= OFFLINE_UNKNOWN_PER_HOUR) break;
    const identified = await identify(db, terminal, punch, settings);
    results.push(await receiveLatePunch(db, source, punch, batch.sentAt, identified, settings));
  }
  if (results.length === 0 && batch.punches.length > 0) {
    throw new AppError('clockConflicts.tooManyUnknown', 429, { retryAfterSeconds: 600 });
  }
  return { results, lastSeq: await terminalLastSeq(db, terminal.id) };
}

/** A paired terminal as a source of late punches (decision 046): its receipts, its `last_seq`, PIN or badge. */
function terminalSource(terminal: ClockTerminal): LateSource<LatePunch> {
  return {
    where: { companyId: terminal.companyId, terminalId: terminal.id, terminalName: terminal.name, personalDeviceId: null },
    findReceipt: (db, seq) => findOfflineReceipt(db, terminal.id, seq),
    insertReceipt: (db, seq, receipt) => insertOfflineReceipt(db, { terminalId: terminal.id, seq, ...receipt }),
    lastSeq: (db) => terminalLastSeq(db, terminal.id),
    advanceSeq: (db, seq) => advanceTerminalSeq(db, terminal.id, seq),
    method: (punch) => (punch.card !== undefined ? 'card' : 'pin'),
    punchRow: () => ({ terminal: terminal.name, terminalId: terminal.id }),
    userId: null,
    auditExtra: () => ({ terminal: terminal.name, terminalId: terminal.id }),
    hookExtra: () => ({ terminalId: terminal.id }),
  };
}
