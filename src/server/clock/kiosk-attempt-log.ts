import { afterFailure, afterSuccess, isStale, RULES, waitMs, type AttemptKind, type TerminalAttempts, NO_ATTEMPTS } from '../../domain/clock/kiosk-attempts.ts';
import { nowMs } from './now.ts';

/**
 * The failed identifications of each clock terminal (address), by kind, in memory: one Node
 * process serves an installation, and a restart forgetting them is fine. The rules are pure
 * (src/domain/clock/kiosk-attempts.ts); this only holds the records. A terminal without failures
 * has no record, so an accepted punch costs one Map lookup.
 */
const MAX_TERMINALS = 20_000;
const records = new Map<string, TerminalAttempts>();

const keyOf = (address: string, kind: AttemptKind) => `${kind} ${address}`;

/** Milliseconds the terminal must wait before trying `guess` (or any value) of this kind. */
export function kioskWaitMs(address: string, kind: AttemptKind, guess?: string): number {
  const record = records.get(keyOf(address, kind));
  return record ? waitMs(RULES[kind], record, nowMs(), guess) : 0;
}

export function kioskFailure(address: string, kind: AttemptKind, guess?: string): void {
  const key = keyOf(address, kind);
  const next = afterFailure(records.get(key) ?? NO_ATTEMPTS, nowMs(), guess);
  // Re-inserted last: the Map's order is then the order of last failure, oldest first.
  records.delete(key);
  records.set(key, next);
  if (records.size > MAX_TERMINALS) prune();
}

/** A successful identification at this terminal ends the backoff of every kind (not the hourly count). */
export function kioskSuccess(address: string): void {
  if (records.size === 0) return;
  const now = nowMs();
  for (const kind of Object.keys(RULES) as AttemptKind[]) {
    const key = keyOf(address, kind);
    const record = records.get(key);
    if (!record) continue;
    const next = afterSuccess(record, now);
    if (next) records.set(key, next);
    else records.delete(key);
  }
}

/** Forgets records with nothing in the last hour; still too many, the oldest go (their limits with them). */
function prune(): void {
  const now = nowMs();
  for (const [key, record] of records) if (isStale(record, now)) records.delete(key);
  for (const key of records.keys()) {
    if (records.size <= MAX_TERMINALS * 0.9) break;
    records.delete(key);
  }
}
