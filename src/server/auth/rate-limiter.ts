import { backoffMs, type BackoffPolicy } from '../../domain/auth/attempt-backoff.ts';
import { nowMs } from '../clock/now.ts';

/**
 * An attempt holding its place in a limiter. Taken before the slow check (a password
 * verification, a database look-up) and settled after it: `fail()` keeps it as a failure,
 * `release()` gives the place back (success, or the check could not run). Settling twice does
 * nothing, so `release()` in a `finally` after `fail()` is safe; a ticket never settled stays
 * counted as a failure.
 */
export interface AttemptTicket {
  fail(): void;
  release(): void;
}

export type Reservation = { ok: true; ticket: AttemptTicket } | { ok: false; retryAfterMs: number };

const MAX_KEYS = 50_000;

function ticket(onFail: () => void, onRelease: () => void): AttemptTicket {
  let settled = false;
  return {
    fail: () => {
      if (!settled) onFail();
      settled = true;
    },
    release: () => {
      if (!settled) onRelease();
      settled = true;
    },
  };
}

/**
 * At most `limit` attempts per key in a sliding window; an attempt counts from the moment it is
 * reserved (so parallel requests cannot all pass the check before any of them fails) until it is
 * released. In memory: one Node process serves an installation, and a restart forgetting counts
 * is fine.
 */
export class RateLimiter {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = nowMs,
  ) {}

  /** Milliseconds until the key may try again; 0 when it may now. Reserves nothing. */
  retryAfterMs(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.limit) return 0;
    return Math.max(1, recent[recent.length - this.limit]! + this.windowMs - this.now());
  }

  /** Atomically checks and takes a place for an attempt, or says how long to wait. */
  reserve(key: string): Reservation {
    const wait = this.retryAfterMs(key);
    if (wait > 0) return { ok: false, retryAfterMs: wait };
    return { ok: true, ticket: this.record(key) };
  }

  /** Takes a place without checking the limit (an attempt that is let through anyway but counts). */
  record(key: string): AttemptTicket {
    const at = this.now();
    const recent = this.recent(key);
    recent.push(at);
    this.attempts.set(key, recent);
    if (this.attempts.size > MAX_KEYS) this.prune();
    return ticket(
      () => {},
      () => {
        const list = this.attempts.get(key);
        const i = list?.lastIndexOf(at) ?? -1;
        if (list && i >= 0) list.splice(i, 1);
      },
    );
  }

  reset(key: string): void {
    this.attempts.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.attempts.get(key) ?? []).filter((t) => t > since);
  }

  private prune(): void {
    for (const key of this.attempts.keys()) {
      if (this.recent(key).length === 0) this.attempts.delete(key);
    }
  }
}

interface BackoffEntry {
  failures: number;
  pending: number;
  lastAt: number;
}

/**
 * Failures per key with a growing wait (attempt-backoff.ts): free ones, then doubling waits from
 * the last attempt. A reserved attempt counts as a failure until it is released. A key is
 * forgotten `forgetMs` after its last attempt, or on `reset` (a success).
 */
export class BackoffLimiter {
  private readonly entries = new Map<string, BackoffEntry>();

  constructor(
    readonly policy: BackoffPolicy & { forgetMs: number },
    private readonly now: () => number = nowMs,
  ) {}

  /** Failed and running attempts of the key. */
  failures(key: string): number {
    const entry = this.entry(key);
    return entry ? entry.failures + entry.pending : 0;
  }

  retryAfterMs(key: string): number {
    const entry = this.entry(key);
    if (!entry) return 0;
    const wait = backoffMs(entry.failures + entry.pending, this.policy);
    return wait === 0 ? 0 : Math.max(0, entry.lastAt + wait - this.now());
  }

  reserve(key: string): Reservation {
    const wait = this.retryAfterMs(key);
    if (wait > 0) return { ok: false, retryAfterMs: wait };
    const entry = this.entry(key) ?? { failures: 0, pending: 0, lastAt: 0 };
    entry.pending++;
    entry.lastAt = this.now();
    this.entries.set(key, entry);
    if (this.entries.size > MAX_KEYS) this.prune();
    const settle = (failed: boolean) => () => {
      const current = this.entries.get(key);
      if (current !== entry) return; // reset meanwhile
      entry.pending--;
      if (failed) {
        entry.failures++;
        entry.lastAt = this.now();
      } else if (entry.failures + entry.pending === 0) this.entries.delete(key);
    };
    return { ok: true, ticket: ticket(settle(true), settle(false)) };
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private entry(key: string): BackoffEntry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.pending === 0 && entry.lastAt + this.policy.forgetMs <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private prune(): void {
    for (const key of this.entries.keys()) this.entry(key);
  }
}
