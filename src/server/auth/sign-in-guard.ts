import { nowMs } from '../clock/now.ts';
import { AppError } from '../http/app-error.ts';
import { BackoffLimiter, RateLimiter, type AttemptTicket } from './rate-limiter.ts';

/**
 * Sign-in limits (decision 022). Keyed so that guessing from one address cannot lock the owner
 * out at another:
 * - per account and address: 5 free failures, then waits of 30 s doubling up to 15 min from the
 *   last failure (forgotten a day after it, or at a successful sign-in);
 * - per address, across accounts: 20 failures in 15 minutes (one address trying many accounts);
 * - per account, across addresses: 10 attempts a minute. It only slows: an address that has
 *   signed in to the account in the last 30 days, or that has no failure against it, is not
 *   held by it (its own backoff still applies), so the owner always keeps a way in.
 */
export const SIGN_IN_LIMITS = {
  pair: { free: 5, baseMs: 30_000, maxMs: 15 * 60_000, forgetMs: 24 * 60 * 60_000 },
  address: { limit: 20, windowMs: 15 * 60_000 },
  account: { limit: 10, windowMs: 60_000 },
  knownAddressMs: 30 * 24 * 60 * 60_000,
} as const;

const MAX_KNOWN = 50_000;

export interface SignInTicket {
  /** Wrong email or password: counts everywhere. */
  fail(): void;
  /** Signed in: forgets the pair's failures and remembers the address for the account. */
  succeed(): void;
  /** Nothing was decided (server busy, disabled account): the attempt does not count. */
  release(): void;
}

export class SignInGuard {
  readonly pairs: BackoffLimiter;
  readonly addresses: RateLimiter;
  readonly accounts: RateLimiter;
  private readonly known = new Map<string, number>();

  constructor(private readonly now: () => number = nowMs) {
    this.pairs = new BackoffLimiter(SIGN_IN_LIMITS.pair, now);
    this.addresses = new RateLimiter(SIGN_IN_LIMITS.address.limit, SIGN_IN_LIMITS.address.windowMs, now);
    this.accounts = new RateLimiter(SIGN_IN_LIMITS.account.limit, SIGN_IN_LIMITS.account.windowMs, now);
  }

  /**
   * Takes a place for one attempt of `account` from `address` in every limit at once
   * (synchronously, so parallel requests see each other's places), or says how long to wait.
   */
  reserve(account: string, address: string): { ok: true; ticket: SignInTicket } | { ok: false; retryAfterMs: number } {
    const pair = `${account}\n${address}`;
    const exempt = this.isKnown(pair) || this.pairs.failures(pair) === 0;
    const wait = Math.max(
      this.pairs.retryAfterMs(pair),
      this.addresses.retryAfterMs(address),
      exempt ? 0 : this.accounts.retryAfterMs(account),
    );
    if (wait > 0) return { ok: false, retryAfterMs: wait };
    const reservedPair = this.pairs.reserve(pair);
    if (!reservedPair.ok) return reservedPair; // cannot happen: checked just above
    const tickets: AttemptTicket[] = [reservedPair.ticket, this.addresses.record(address), this.accounts.record(account)];
    return {
      ok: true,
      ticket: {
        fail: () => tickets.forEach((t) => t.fail()),
        release: () => tickets.forEach((t) => t.release()),
        succeed: () => {
          tickets.forEach((t) => t.release());
          this.pairs.reset(pair);
          this.remember(pair);
        },
      },
    };
  }

  private isKnown(pair: string): boolean {
    const at = this.known.get(pair);
    return at !== undefined && at + SIGN_IN_LIMITS.knownAddressMs > this.now();
  }

  private remember(pair: string): void {
    this.known.delete(pair);
    this.known.set(pair, this.now());
    // Oldest first (insertion order): drop the oldest when full.
    if (this.known.size > MAX_KNOWN) this.known.delete(this.known.keys().next().value!);
  }
}

/** The installation's guard (in memory, like every limiter). */
export const signInGuard = new SignInGuard();

/** 429 with the wait, for the message (minutes) and the Retry-After header (seconds). */
export function tooManyAttempts(code: string, waitMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new AppError(code, 429, { minutes, count: minutes, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });
}
