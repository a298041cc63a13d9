import { PUNCH_MESSAGES } from './punch-messages.ts';

/**
 * Failed identifications at a clock terminal (decision 025), as pure rules over a plain record
 * per terminal address and kind ('secret': PINs and badges; 'face': unknown faces). The server
 * keeps the records (src/server/clock/kiosk-attempt-log.ts).
 *
 * - Backoff, not lockout: the first `free` consecutive failures cost nothing; each further one
 *   makes the terminal wait `baseMs`, doubling, capped at `capMs`. A successful identification
 *   ends the streak (as does an hour without failures), so a typo never keeps the next employee
 *   waiting for minutes.
 * - By guessed value: a value that already failed at this terminal within the hour (the same
 *   wrong badge, the same mistyped PIN) teaches a prober nothing, so it does not lengthen the
 *   terminal's streak; it has a streak of its own that only holds back that value.
 * - Ceiling: at most `hourlyCeiling` distinct failures per terminal in any hour, whatever the
 *   successes between them (a prober who knows one valid PIN cannot reset his way through the
 *   PIN space); at the ceiling the terminal waits until the oldest is an hour old.
 */
export interface AttemptRule {
  free: number;
  baseMs: number;
  capMs: number;
  hourlyCeiling: number;
}

export const HOUR_MS = 3_600_000;

/** PINs and badges: three typos free, then 2 s, 4 s, 8 s … 60 s; 60 distinct misses an hour. */
export const SECRET_RULE: AttemptRule = { free: 3, baseMs: 2_000, capMs: 60_000, hourlyCeiling: 60 };
/**
 * Unknown faces are an everyday event (a new employee, bad light) followed by the PIN, and a face
 * descriptor cannot be guessed like a PIN: ten free tries (as many as the old lockout allowed)
 * and a higher ceiling, and their own count, so they never hold back the PIN pad.
 */
export const FACE_RULE: AttemptRule = { free: 10, baseMs: 2_000, capMs: 60_000, hourlyCeiling: 120 };

/**
 * Every unpaired browser together (issue 34.3): with the `unpairedClock` setting on, a prober with
 * many addresses gets each one's free tries, so the PINs and badges that fail at unpaired browsers
 * also count under one installation-wide record. A small shop's staff mistype a handful of PINs an
 * hour; past 20 consecutive failures every unpaired punch waits (2 s doubling to 60 s), and at
 * 100 distinct failures in an hour it waits until the oldest is an hour old. Paired terminals never
 * count here, so the kiosk at the door keeps working while a prober fills it.
 */
export const UNPAIRED_RULE: AttemptRule = { free: 20, baseMs: 2_000, capMs: 60_000, hourlyCeiling: 100 };
/** The key of the installation-wide record of unpaired failures (an address is never this). */
export const UNPAIRED_ADDRESS = 'all unpaired browsers';

export type AttemptKind = 'secret' | 'face' | 'unpaired';
export const RULES: Record<AttemptKind, AttemptRule> = { secret: SECRET_RULE, face: FACE_RULE, unpaired: UNPAIRED_RULE };

/** Consecutive failures and the instant of the last one. */
export interface Streak {
  readonly failures: number;
  readonly lastMs: number;
}

/** One terminal's failures of one kind. */
export interface TerminalAttempts {
  /** Distinct failures since the last successful identification. */
  readonly streak: Streak;
  /** Instants of the distinct failures of the last hour, oldest first. */
  readonly hour: readonly number[];
  /** Values that failed within the hour (a key, never the PIN itself), each with its own streak. */
  readonly guesses: ReadonlyMap<string, Streak>;
}

export const NO_ATTEMPTS: TerminalAttempts = { streak: { failures: 0, lastMs: 0 }, hour: [], guesses: new Map() };

/** The wait after the n-th consecutive failure: 0 while free, then base·2^k up to the cap. */
export function backoffMs(rule: AttemptRule, failures: number): number {
  if (failures <= rule.free) return 0;
  return Math.min(rule.capMs, rule.baseMs * 2 ** Math.min(30, failures - rule.free - 1));
}

function streakWait(rule: AttemptRule, streak: Streak | undefined, now: number): number {
  if (!streak) return 0;
  const wait = backoffMs(rule, streak.failures);
  if (wait === 0) return 0;
  // A clock set back (tests, NTP) never makes the wait longer than the backoff itself.
  return Math.max(0, Math.min(wait, streak.lastMs + wait - now));
}

const withinHour = (hour: readonly number[], now: number) => hour.filter((t) => t > now - HOUR_MS);

/**
 * Milliseconds this terminal must wait before the next identification of this kind (0: go on).
 * `guess` is the key of the value being tried, when there is one (PIN key, badge number).
 */
export function waitMs(rule: AttemptRule, attempts: TerminalAttempts, now: number, guess?: string): number {
  const hour = withinHour(attempts.hour, now);
  const ceiling = hour.length >= rule.hourlyCeiling ? hour[hour.length - rule.hourlyCeiling]! + HOUR_MS - now : 0;
  const repeated = guess === undefined ? 0 : streakWait(rule, attempts.guesses.get(guess), now);
  return Math.max(ceiling, streakWait(rule, attempts.streak, now), repeated);
}

/** The record after a failed identification (`guess` as for waitMs). */
export function afterFailure(attempts: TerminalAttempts, now: number, guess?: string): TerminalAttempts {
  const guesses = new Map<string, Streak>();
  for (const [key, streak] of attempts.guesses) if (streak.lastMs > now - HOUR_MS) guesses.set(key, streak);
  const seen = guess === undefined ? undefined : guesses.get(guess);
  if (guess !== undefined) guesses.set(guess, { failures: (seen?.failures ?? 0) + 1, lastMs: now });
  if (seen) return { ...attempts, guesses };
  // An hour without failures starts the streak again.
  const failures = attempts.streak.lastMs > now - HOUR_MS ? attempts.streak.failures : 0;
  return {
    streak: { failures: failures + 1, lastMs: now },
    hour: [...withinHour(attempts.hour, now), now],
    guesses,
  };
}

/**
 * The record after a successful identification: the streak and the remembered values are gone,
 * the hour's count stays (the ceiling). Null when nothing is left to remember.
 */
export function afterSuccess(attempts: TerminalAttempts, now: number): TerminalAttempts | null {
  const hour = withinHour(attempts.hour, now);
  return hour.length === 0 ? null : { streak: NO_ATTEMPTS.streak, hour, guesses: new Map() };
}

/** Whether a record no longer matters at `now` (for pruning): nothing failed within the hour. */
export function isStale(attempts: TerminalAttempts, now: number): boolean {
  let last = Math.max(attempts.streak.lastMs, attempts.hour.at(-1) ?? 0);
  for (const streak of attempts.guesses.values()) last = Math.max(last, streak.lastMs);
  return last <= now - HOUR_MS;
}

/**
 * The message for a wait, as the kiosk shows it counting down: seconds under two minutes, else
 * minutes (an i18n key with its parameter).
 */
export function waitMessage(ms: number): { code: string; params: Record<string, number> } {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 120
    ? { code: PUNCH_MESSAGES.tooManyAttemptsSeconds, params: { seconds, count: seconds } }
    : { code: PUNCH_MESSAGES.tooManyAttempts, params: { minutes: Math.ceil(seconds / 60), count: Math.ceil(seconds / 60) } };
}
