import { afterFailure, afterSuccess, HOUR_MS, NO_ATTEMPTS, RULES, UNPAIRED_ADDRESS, waitMs, type AttemptKind, type Streak, type TerminalAttempts } from '../../domain/clock/kiosk-attempts.ts';
import { sharedState, type StateUnit } from '../db/shared-state.ts';
import { nowMs } from './now.ts';

/**
 * The failed identifications of each clock terminal (address), by kind, in the installation's
 * shared state (db/shared-state.ts, decision 060): a PIN typo through one app server counts on
 * every other. The rules are pure (src/domain/clock/kiosk-attempts.ts); this only holds the
 * records. A terminal without failures has no record, so an accepted punch reads one missing
 * entry and writes nothing.
 */
const SCOPE = 'kiosk-attempts';
const keyOf = (address: string, kind: AttemptKind) => `${kind} ${address}`;
/** The kinds an address has records of: the installation-wide record only `unpaired`, a terminal or browser the other two (one read fewer per punch). */
const kindsOf = (address: string): readonly AttemptKind[] => (address === UNPAIRED_ADDRESS ? ['unpaired'] : ['secret', 'face']);

/** The record as stored: JSON has no Map. */
interface StoredAttempts {
  streak: Streak;
  hour: readonly number[];
  guesses: [string, Streak][];
}
const load = (stored: StoredAttempts | undefined): TerminalAttempts | undefined => stored && { streak: stored.streak, hour: stored.hour, guesses: new Map(stored.guesses) };
const store = (attempts: TerminalAttempts): StoredAttempts => ({ streak: attempts.streak, hour: attempts.hour, guesses: [...attempts.guesses] });
/** A record matters for an hour after its last failure. */
const keptUntil = (attempts: TerminalAttempts) => Math.max(attempts.streak.lastMs, attempts.hour.at(-1) ?? 0, ...[...attempts.guesses.values()].map((s) => s.lastMs)) + HOUR_MS;

/** One record an identification is checked and counted against: an address (a terminal, a browser or UNPAIRED_ADDRESS), a kind and the value tried. */
export interface AttemptCheck {
  address: string;
  kind: AttemptKind;
  guess?: string | undefined;
}

/** Milliseconds to wait before trying: the longest wait of the checks. A read only (one query on PostgreSQL). */
export async function kioskWaitMs(checks: readonly AttemptCheck[]): Promise<number> {
  const records = await sharedState().getMany<StoredAttempts>(
    SCOPE,
    checks.map((c) => keyOf(c.address, c.kind)),
  );
  const now = nowMs();
  return Math.max(
    0,
    ...checks.map((c, i) => {
      const record = load(records[i]);
      return record ? waitMs(RULES[c.kind], record, now, c.guess) : 0;
    }),
  );
}

/**
 * Counts the outcome of an identification once the look-up is done, check by check in order: in
 * one atomic unit each it checks the wait again (parallel attempts that failed meanwhile, through
 * any server, count) and, when there is none, records the outcome. Returns the first wait found
 * (> 0: that check and the ones after it recorded nothing, and the answer is 429 whatever the
 * look-up found). `failure` counts against the kind (and guess); `success` ends the backoff of
 * every kind of the address (not the hourly count); `none` records nothing.
 */
export async function kioskSettle(checks: readonly AttemptCheck[], outcome: 'failure' | 'success' | 'none'): Promise<number> {
  // The usual punch: addresses with no failure record of any kind have nothing to check or end,
  // so no unit (on PostgreSQL, no write transaction) is taken: one read of them all.
  if (outcome !== 'failure') {
    const keys = [...new Set(checks.flatMap((c) => kindsOf(c.address).map((k) => keyOf(c.address, k))))];
    const records = await sharedState().getMany(SCOPE, keys);
    if (records.every((r) => r === undefined)) return 0;
  }
  for (const check of checks) {
    const wait = await settleOne(check, outcome);
    if (wait > 0) return wait;
  }
  return 0;
}

function settleOne({ address, kind, guess }: AttemptCheck, outcome: 'failure' | 'success' | 'none'): Promise<number> {
  return sharedState().unit(async (state) => {
    const now = nowMs();
    const record = load(await state.get<StoredAttempts>(SCOPE, keyOf(address, kind)));
    const wait = record ? waitMs(RULES[kind], record, now, guess) : 0;
    if (wait > 0) return wait;
    if (outcome === 'failure') {
      const next = afterFailure(record ?? NO_ATTEMPTS, now, guess);
      await state.put(SCOPE, keyOf(address, kind), store(next), keptUntil(next));
    } else if (outcome === 'success') {
      await succeed(state, address, now);
    }
    return 0;
  });
}

async function succeed(state: StateUnit, address: string, now: number): Promise<void> {
  for (const kind of kindsOf(address)) {
    const key = keyOf(address, kind);
    const record = load(await state.get<StoredAttempts>(SCOPE, key));
    if (!record) continue;
    const next = afterSuccess(record, now);
    if (next) await state.put(SCOPE, key, store(next), keptUntil(next));
    else await state.delete(SCOPE, key);
  }
}
