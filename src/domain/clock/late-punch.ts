import { epochSeconds, isoOfSeconds } from './shift-bounds.ts';

/**
 * Late punches (issue 20 point 5, decision 046): a paired terminal that could not reach the server
 * kept PIN and badge punches with its own clock and a per-terminal sequence number, and sends them
 * when the server is back. These pure rules decide, for each one, whether it may go to the clock
 * engine AT its own time or becomes a conflict for an administrator. Nothing is ever dropped: every
 * "no" here is a conflict item.
 */

/** A late punch older than this (hours after it happened, when it arrives) is not applied: a conflict. */
export const LATE_PUNCH_MAX_AGE_HOURS = 72;
/** A device clock this far from the server's (at sending) is corrected by the difference. */
export const LATE_PUNCH_SKEW_TOLERANCE_SECONDS = 60;
/** After correction a punch may lie this far after its arrival (latency), no more: else "future". */
export const LATE_PUNCH_FUTURE_TOLERANCE_SECONDS = 120;
/**
 * How far past the terminal's last number a late punch's number may jump (issue 34 point 6): a
 * credential that sent 2^31 moved `last_seq` there and made every later punch of the real kiosk
 * out of order, for ever. A number beyond it is a conflict (`sequenceJump`) and moves nothing.
 */
export const MAX_SEQUENCE_JUMP = 100_000;
/** At most this many punches in one request (a terminal sends its queue in batches). */
export const LATE_PUNCH_BATCH_MAX = 100;

/** Why a late punch became a conflict instead of a punch. Each is an i18n key `clockConflicts.reason.<code>`. */
export const CONFLICT_REASONS = [
  /** Sequence numbers were skipped: punches kept by the terminal never arrived (a placeholder item). */
  'sequenceGap',
  /** A sequence number at or below the terminal's last one that was never received: arrived out of order. */
  'outOfOrder',
  /** A sequence number more than MAX_SEQUENCE_JUMP past the terminal's last one: not believed, nothing moved. */
  'sequenceJump',
  /** The punch's time lies after its arrival (device clock or tampering). */
  'future',
  /** Older than LATE_PUNCH_MAX_AGE_HOURS when it arrived. */
  'tooOld',
  /** The employee already has a punch at or after this time: applying it would rewrite the day's order. */
  'laterPunch',
  /** The clock engine refused it at its time (already checked in, no schedule, …): detail has the engine's code. */
  'refused',
  /** No active employee has that PIN or badge. */
  'unknownIdentifier',
  /** The PIN or badge belongs to an archived employee. */
  'archived',
  /** The terminal is not allowed that method (or badges are off). */
  'methodNotAllowed',
] as const;
export type ConflictReason = (typeof CONFLICT_REASONS)[number];

export type SequenceVerdict =
  /** The next number (or after a gap: `missing` is the first and last number never received). */
  | { kind: 'next'; missing: { from: number; to: number } | null }
  /** At or below the last number received, and not a duplicate (the caller checked): a conflict. */
  | { kind: 'outOfOrder' }
  /** More than MAX_SEQUENCE_JUMP past the last number: a conflict that leaves `last_seq` alone. */
  | { kind: 'tooFar' };

/**
 * Where `seq` stands against the terminal's last received number (`terminals.last_seq`). The
 * caller first looks for a receipt of the same (terminal, seq): a duplicate is answered as the first
 * time and never reaches this rule. A gap is still applied (the punch is real) and the missing
 * range becomes one conflict item, so a lost punch is seen by an administrator. A jump beyond
 * MAX_SEQUENCE_JUMP is not believed (a broken or hostile device): a conflict, `last_seq` unmoved.
 */
export function judgeSequence(lastSeq: number, seq: number): SequenceVerdict {
  if (seq <= lastSeq) return { kind: 'outOfOrder' };
  if (seq > lastSeq + MAX_SEQUENCE_JUMP) return { kind: 'tooFar' };
  return { kind: 'next', missing: seq > lastSeq + 1 ? { from: lastSeq + 1, to: seq - 1 } : null };
}

export interface LatePunchTimes {
  /** When the punch happened, by the device's clock (ISO 8601). */
  at: string;
  /** When the device sent it, by the same clock. */
  sentAt: string;
  /** When the server received it (nowIso()). */
  receivedAt: string;
}

export type PlacedPunch = { ok: true; at: string; skewSeconds: number } | { ok: false; reason: 'future' | 'tooOld'; at: string; skewSeconds: number };

/**
 * The instant a late punch is recorded at (whole seconds, UTC), or why it cannot be. The device's
 * clock may be wrong: `receivedAt - sentAt` measures how wrong (plus the network's latency), and
 * beyond LATE_PUNCH_SKEW_TOLERANCE_SECONDS the punch is moved by that difference, so a terminal
 * whose clock is an hour off still records the hour the person really punched. A punch that then
 * lies after its arrival is `future`; one older than LATE_PUNCH_MAX_AGE_HOURS is `tooOld`.
 */
export function placeLatePunch(times: LatePunchTimes): PlacedPunch {
  const at = epochSeconds(times.at);
  const sent = epochSeconds(times.sentAt);
  const received = epochSeconds(times.receivedAt);
  const skew = received - sent;
  const skewSeconds = Math.abs(skew) > LATE_PUNCH_SKEW_TOLERANCE_SECONDS ? skew : 0;
  const placed = at + skewSeconds;
  const iso = isoOfSeconds(placed);
  if (at > sent + LATE_PUNCH_FUTURE_TOLERANCE_SECONDS || placed > received + LATE_PUNCH_FUTURE_TOLERANCE_SECONDS) {
    return { ok: false, reason: 'future', at: iso, skewSeconds };
  }
  if (received - placed > LATE_PUNCH_MAX_AGE_HOURS * 3600) return { ok: false, reason: 'tooOld', at: iso, skewSeconds };
  return { ok: true, at: iso, skewSeconds };
}

/**
 * Whether a late punch at `at` would land before the employee's latest recorded punch (any method,
 * manual entries included). The engine reads the day as it is now; applying an earlier punch on top
 * of later ones would rewrite their order (a check-in before a check-out already recorded), so such
 * a punch is a conflict for an administrator. Equal instants count as before: the order is unknown.
 */
export function landsBeforeRecord(at: string, latestPunchAt: string | null | undefined): boolean {
  return latestPunchAt !== null && latestPunchAt !== undefined && epochSeconds(at) <= epochSeconds(latestPunchAt);
}

/** What the server answers for each late punch: the terminal deletes every item answered. */
export const LATE_PUNCH_STATUSES = ['recorded', 'repeat', 'conflict'] as const;
export type LatePunchStatus = (typeof LATE_PUNCH_STATUSES)[number];
