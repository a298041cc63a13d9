import { describe, expect, it } from 'vitest';
import { afterFailure, afterSuccess, backoffMs, FACE_RULE, HOUR_MS, isStale, NO_ATTEMPTS, SECRET_RULE, waitMessage, waitMs, type TerminalAttempts } from '../../src/domain/clock/kiosk-attempts.ts';

const T0 = 1_800_000_000_000;

function fail(times: number, start: TerminalAttempts = NO_ATTEMPTS, now = T0, prefix = 'g'): TerminalAttempts {
  let attempts = start;
  for (let i = 0; i < times; i++) attempts = afterFailure(attempts, now, `${prefix}${i}`);
  return attempts;
}

describe('kiosk attempts (decision 025)', () => {
  it('backs off after the free failures: 2, 4, 8 … seconds, capped at 60', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 50].map((n) => backoffMs(SECRET_RULE, n))).toEqual([0, 0, 0, 0, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(backoffMs(FACE_RULE, 10)).toBe(0);
    expect(backoffMs(FACE_RULE, 11)).toBe(2_000);
  });

  it('makes the terminal wait from its last failure; the wait runs out', () => {
    expect(waitMs(SECRET_RULE, fail(3), T0)).toBe(0);
    const four = fail(4);
    expect(waitMs(SECRET_RULE, four, T0)).toBe(2_000);
    expect(waitMs(SECRET_RULE, four, T0 + 1_500)).toBe(500);
    expect(waitMs(SECRET_RULE, four, T0 + 2_000)).toBe(0);
    // A clock set back never lengthens the wait beyond the backoff.
    expect(waitMs(SECRET_RULE, four, T0 - 60_000)).toBe(2_000);
  });

  it('a success ends the streak and forgets the values, but keeps the hour', () => {
    const after = afterSuccess(fail(5), T0)!;
    expect(waitMs(SECRET_RULE, after, T0)).toBe(0);
    expect(after.hour).toHaveLength(5);
    expect(after.guesses.size).toBe(0);
    expect(afterSuccess(fail(5), T0 + HOUR_MS)).toBeNull();
  });

  it('a repeated value lengthens its own streak only', () => {
    let attempts = NO_ATTEMPTS;
    for (let i = 0; i < 4; i++) attempts = afterFailure(attempts, T0, 'same');
    expect(attempts.streak.failures).toBe(1);
    expect(attempts.hour).toHaveLength(1);
    expect(waitMs(SECRET_RULE, attempts, T0, 'same')).toBe(2_000);
    expect(waitMs(SECRET_RULE, attempts, T0, 'other')).toBe(0);
    expect(waitMs(SECRET_RULE, attempts, T0)).toBe(0);
    // Values are forgotten after an hour.
    expect(afterFailure(attempts, T0 + HOUR_MS, 'x').guesses.has('same')).toBe(false);
  });

  it('caps distinct failures per hour, whatever the successes between them', () => {
    let attempts = NO_ATTEMPTS;
    let now = T0;
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 3; i++) {
        expect(waitMs(SECRET_RULE, attempts, now), `round ${round}`).toBe(0);
        attempts = afterFailure(attempts, now, `r${round}-${i}`);
      }
      attempts = afterSuccess(attempts, now)!;
      now += 10_000;
    }
    expect(attempts.hour).toHaveLength(60);
    expect(waitMs(SECRET_RULE, attempts, now)).toBe(T0 + HOUR_MS - now);
    expect(waitMs(SECRET_RULE, attempts, T0 + HOUR_MS - 1)).toBe(1);
    expect(waitMs(SECRET_RULE, attempts, T0 + HOUR_MS)).toBe(0);
  });

  it('starts the streak again after an hour without failures', () => {
    const later = afterFailure(fail(6), T0 + HOUR_MS, 'late');
    expect(later.streak.failures).toBe(1);
    expect(waitMs(SECRET_RULE, later, T0 + HOUR_MS)).toBe(0);
    expect(afterFailure(fail(6), T0 + HOUR_MS - 1, 'late').streak.failures).toBe(7);
  });

  it('is stale an hour after its last failure', () => {
    const attempts = fail(2);
    expect(isStale(attempts, T0 + HOUR_MS - 1)).toBe(false);
    expect(isStale(attempts, T0 + HOUR_MS)).toBe(true);
    expect(isStale(NO_ATTEMPTS, T0)).toBe(true);
  });

  it('words a wait in seconds under two minutes, else in minutes', () => {
    expect(waitMessage(1_500)).toEqual({ code: 'punch.tooManyAttemptsSeconds', params: { seconds: 2, count: 2 } });
    expect(waitMessage(119_000)).toEqual({ code: 'punch.tooManyAttemptsSeconds', params: { seconds: 119, count: 119 } });
    expect(waitMessage(120_000)).toEqual({ code: 'punch.tooManyAttempts', params: { minutes: 2, count: 2 } });
    expect(waitMessage(3_400_000)).toEqual({ code: 'punch.tooManyAttempts', params: { minutes: 57, count: 57 } });
  });
});
