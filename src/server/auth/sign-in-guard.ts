import { nowMs } from '../clock/now.ts';
import { AppError } from '../http/app-error.ts';
import { randomUUID } from 'node:crypto';
import { backoffMs } from '../../domain/auth/attempt-backoff.ts';
import { memoryState, sharedState, type SharedState, type StateUnit } from '../db/shared-state.ts';

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

/** Keys of the shared state (db/shared-state.ts). */
const PAIRS = 'sign-in-pair';
const ADDRESSES = 'sign-in-address';
const ACCOUNTS = 'sign-in-account';
const KNOWN = 'sign-in-known';

/** Failures and running attempts of an account from an address; `gen` tells a reset entry from its successor. */
interface PairEntry {
  failures: number;
  pending: number;
  lastAt: number;
  gen: string;
}

export interface SignInTicket {
  /** Wrong email or password: counts everywhere. */
  fail(): Promise<void>;
  /** Signed in: forgets the pair's failures and remembers the address for the account. */
  succeed(): Promise<void>;
  /** Nothing was decided (server busy, disabled account): the attempt does not count. */
  release(): Promise<void>;
}

/**
 * The sign-in limits over the installation's shared state (decision 060): on PostgreSQL every app
 * server counts in the same rows, so failures through one server hold on the others. Each step
 * (reserve, and each ticket's settling) is one atomic unit.
 */
export class SignInGuard {
  constructor(
    private readonly now: () => number = nowMs,
    private readonly state: () => SharedState = (
      (own) => () =>
        own
    )(memoryState(now)),
  ) {}

  /**
   * Takes a place for one attempt of `account` from `address` in every limit at once (one atomic
   * unit, so parallel requests on any server see each other's places), or says how long to wait.
   */
  reserve(account: string, address: string): Promise<{ ok: true; ticket: SignInTicket } | { ok: false; retryAfterMs: number }> {
    const pair = `${account}\n${address}`;
    return this.state().unit(async (state) => {
      const now = this.now();
      const entry = this.livePair(await state.get<PairEntry>(PAIRS, pair), now);
      const known = await state.get<number>(KNOWN, pair);
      const exempt = (known !== undefined && known + SIGN_IN_LIMITS.knownAddressMs > now) || !entry || entry.failures + entry.pending === 0;
      const addresses = recent(await state.get<number[]>(ADDRESSES, address), SIGN_IN_LIMITS.address.windowMs, now);
      const accounts = recent(await state.get<number[]>(ACCOUNTS, account), SIGN_IN_LIMITS.account.windowMs, now);
      const wait = Math.max(pairWait(entry, now), windowWait(addresses, SIGN_IN_LIMITS.address, now), exempt ? 0 : windowWait(accounts, SIGN_IN_LIMITS.account, now));
      if (wait > 0) return { ok: false as const, retryAfterMs: wait };
      const gen = entry?.gen ?? randomUUID();
      await this.putPair(state, pair, { failures: entry?.failures ?? 0, pending: (entry?.pending ?? 0) + 1, lastAt: now, gen });
      await state.put(ADDRESSES, address, [...addresses, now], now + SIGN_IN_LIMITS.address.windowMs);
      await state.put(ACCOUNTS, account, [...accounts, now], now + SIGN_IN_LIMITS.account.windowMs);
      return { ok: true as const, ticket: this.ticket(account, address, pair, gen, now) };
    });
  }

  private ticket(account: string, address: string, pair: string, gen: string, at: number): SignInTicket {
    let settled = false;
    const settle = (how: 'fail' | 'release' | 'succeed') => async () => {
      if (settled) return;
      settled = true;
      await this.state().unit(async (state) => {
        const now = this.now();
        const entry = await state.get<PairEntry>(PAIRS, pair);
        if (entry && entry.gen === gen) {
          if (how === 'fail') await this.putPair(state, pair, { ...entry, pending: Math.max(0, entry.pending - 1), failures: entry.failures + 1, lastAt: now });
          else if (how === 'succeed' || entry.failures + entry.pending <= 1) await state.delete(PAIRS, pair);
          else await this.putPair(state, pair, { ...entry, pending: Math.max(0, entry.pending - 1) });
        }
        if (how === 'fail') return; // the address and account windows keep the failure
        await giveBack(state, ADDRESSES, address, at, SIGN_IN_LIMITS.address.windowMs);
        await giveBack(state, ACCOUNTS, account, at, SIGN_IN_LIMITS.account.windowMs);
        if (how === 'succeed') await state.put(KNOWN, pair, now, now + SIGN_IN_LIMITS.knownAddressMs);
      });
    };
    return { fail: settle('fail'), release: settle('release'), succeed: settle('succeed') };
  }

  /**
   * The pair's entry unless forgotten: a day after its last attempt (an attempt never settled —
   * a server killed mid-check — is forgotten then too, as a restart forgets it in memory).
   */
  private livePair(entry: PairEntry | undefined, now: number): PairEntry | undefined {
    return entry && entry.lastAt + SIGN_IN_LIMITS.pair.forgetMs > now ? entry : undefined;
  }

  private putPair(state: StateUnit, pair: string, entry: PairEntry): Promise<void> {
    return state.put(PAIRS, pair, entry, entry.lastAt + SIGN_IN_LIMITS.pair.forgetMs);
  }
}

const recent = (list: number[] | undefined, windowMs: number, now: number) => (list ?? []).filter((t) => t > now - windowMs);

function windowWait(recentAttempts: number[], rule: { limit: number; windowMs: number }, now: number): number {
  if (recentAttempts.length < rule.limit) return 0;
  return Math.max(1, recentAttempts[recentAttempts.length - rule.limit]! + rule.windowMs - now);
}

function pairWait(entry: PairEntry | undefined, now: number): number {
  if (!entry) return 0;
  const wait = backoffMs(entry.failures + entry.pending, SIGN_IN_LIMITS.pair);
  return wait === 0 ? 0 : Math.max(0, entry.lastAt + wait - now);
}

/** Gives an attempt's place in a window back (released or succeeded: it does not count). */
async function giveBack(state: StateUnit, scope: string, key: string, at: number, windowMs: number): Promise<void> {
  const list = (await state.get<number[]>(scope, key)) ?? [];
  const i = list.lastIndexOf(at);
  if (i < 0) return;
  list.splice(i, 1);
  if (list.length === 0) await state.delete(scope, key);
  else await state.put(scope, key, list, Math.max(...list) + windowMs);
}

/** The installation's guard, over the installation's shared state (memory on SQLite, the table on PostgreSQL). */
export const signInGuard = new SignInGuard(nowMs, sharedState);

/** 429 with the wait, for the message (minutes) and the Retry-After header (seconds). */
export function tooManyAttempts(code: string, waitMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new AppError(code, 429, { minutes, count: minutes, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });
}
