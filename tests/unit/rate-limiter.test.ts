import { describe, expect, it } from 'vitest';
import { backoffMs } from '../../src/domain/auth/attempt-backoff.ts';
import { HashGate } from '../../src/server/auth/hash-gate.ts';
import { SharedRateLimiter, type SharedReservation } from '../../src/server/auth/shared-rate-limiter.ts';
import { memoryState } from '../../src/server/db/shared-state.ts';
import { SIGN_IN_LIMITS, SignInGuard } from '../../src/server/auth/sign-in-guard.ts';

const ticketOf = (r: SharedReservation) => {
  if (!r.ok) throw new Error(`refused for ${r.retryAfterMs} ms`);
  return r.ticket;
};

// The limiters run on the shared state (decision 060); here on the memory store, as on SQLite.
const limiterOf = (limit: number, windowMs: number, now: () => number) => {
  const state = memoryState(now);
  return new SharedRateLimiter('test', limit, windowMs, now, () => state);
};

describe('SharedRateLimiter', () => {
  it('locks a key after the limit within the window and frees it when the window passes', async () => {
    let now = 1_000_000;
    const limiter = limiterOf(3, 60_000, () => now);
    await ticketOf(await limiter.reserve('a')).fail();
    await ticketOf(await limiter.reserve('a')).fail();
    expect(await limiter.retryAfterMs('a')).toBe(0);
    now += 10_000;
    await ticketOf(await limiter.reserve('a')).fail();
    expect(await limiter.retryAfterMs('a')).toBe(50_000);
    expect(await limiter.reserve('a')).toEqual({ ok: false, retryAfterMs: 50_000 });
    expect(await limiter.retryAfterMs('b')).toBe(0);
    now += 50_001;
    expect(await limiter.retryAfterMs('a')).toBe(0);
  });

  it('counts a reserved attempt at once, so parallel attempts cannot all pass the check', async () => {
    const limiter = limiterOf(5, 60_000, () => 0);
    const reservations = await Promise.all(Array.from({ length: 100 }, () => limiter.reserve('a')));
    expect(reservations.filter((r) => r.ok)).toHaveLength(5);
  });

  it('gives the place back on release, and settling twice does nothing', async () => {
    const limiter = limiterOf(1, 60_000, () => 0);
    const ticket = ticketOf(await limiter.reserve('a'));
    expect((await limiter.reserve('a')).ok).toBe(false);
    await ticket.release();
    await ticket.fail();
    const again = ticketOf(await limiter.reserve('a'));
    await again.fail();
    await again.release();
    expect((await limiter.reserve('a')).ok).toBe(false);
  });

  it('forgets a key on reset, and counts recorded attempts within the limit', async () => {
    const limiter = limiterOf(2, 60_000, () => 0);
    await ticketOf(await limiter.reserve('a')).fail();
    await ticketOf(await limiter.reserve('a')).fail();
    expect(await limiter.retryAfterMs('a')).toBeGreaterThan(0);
    await limiter.reset('a');
    expect(await limiter.retryAfterMs('a')).toBe(0);
    expect(await limiter.record('b', 5)).toBe(2);
    expect(await limiter.record('b')).toBe(0);
  });
});

describe('backoff', () => {
  it('is free for the first failures, then doubles up to the cap', () => {
    const policy = { free: 5, baseMs: 30_000, maxMs: 15 * 60_000 };
    expect([0, 4, 5, 6, 7, 10, 11, 50].map((n) => backoffMs(n, policy))).toEqual([0, 0, 30_000, 60_000, 120_000, 900_000, 900_000, 900_000]);
  });
});

describe('SignInGuard', () => {
  // Each step is an atomic unit of the shared state (decision 060): awaited one by one.
  const failFrom = async (guard: SignInGuard, account: string, address: string, times: number) => {
    let refused = 0;
    for (let i = 0; i < times; i++) {
      const r = await guard.reserve(account, address);
      if (r.ok) await r.ticket.fail();
      else refused++;
    }
    return refused;
  };

  it('backs off per account and address: another address is not held', async () => {
    let now = 0;
    const guard = new SignInGuard(() => now);
    expect(await failFrom(guard, 'owner@x.es', '1.1.1.1', 10)).toBe(5);
    expect(await guard.reserve('owner@x.es', '1.1.1.1')).toEqual({ ok: false, retryAfterMs: SIGN_IN_LIMITS.pair.baseMs });
    expect((await guard.reserve('owner@x.es', '2.2.2.2')).ok).toBe(true);
    now += SIGN_IN_LIMITS.pair.baseMs;
    expect((await guard.reserve('owner@x.es', '1.1.1.1')).ok).toBe(true);
  });

  it('holds one address trying many accounts at the address ceiling', async () => {
    const guard = new SignInGuard(() => 0);
    for (let i = 0; i < SIGN_IN_LIMITS.address.limit; i++) await failFrom(guard, `a${i}@x.es`, '3.3.3.3', 1);
    expect((await guard.reserve('new@x.es', '3.3.3.3')).ok).toBe(false);
  });

  it('slows many addresses on one account, but a known address or one without failures gets through', async () => {
    let now = 0;
    const guard = new SignInGuard(() => now);
    const known = await guard.reserve('owner@x.es', '9.9.9.9');
    if (known.ok) await known.ticket.succeed();
    for (let a = 0; a < 20; a++) await failFrom(guard, 'owner@x.es', `5.5.5.${a}`, 2);
    // Addresses with a failure wait for the account's ceiling...
    const held = await guard.reserve('owner@x.es', '5.5.5.1');
    expect(held.ok).toBe(false);
    expect(held.ok ? 0 : held.retryAfterMs).toBeLessThanOrEqual(SIGN_IN_LIMITS.account.windowMs);
    // ...the owner's known address and a fresh one do not.
    expect((await guard.reserve('owner@x.es', '9.9.9.9')).ok).toBe(true);
    expect((await guard.reserve('owner@x.es', '7.7.7.7')).ok).toBe(true);
    // Slowed, never blocked: a minute later the held address may try again.
    now += SIGN_IN_LIMITS.account.windowMs;
    expect((await guard.reserve('owner@x.es', '5.5.5.1')).ok).toBe(true);
  });

  it('counts running attempts, and forgets a pair a day after its last attempt (even one never settled)', async () => {
    let now = 0;
    const guard = new SignInGuard(() => now);
    const running = [];
    for (let i = 0; i < SIGN_IN_LIMITS.pair.free; i++) running.push(await guard.reserve('k@x.es', '6.6.6.6'));
    expect(await guard.reserve('k@x.es', '6.6.6.6')).toEqual({ ok: false, retryAfterMs: SIGN_IN_LIMITS.pair.baseMs });
    const first = running[0]!;
    if (first.ok) await first.ticket.release();
    expect((await guard.reserve('k@x.es', '6.6.6.6')).ok).toBe(true);
    expect((await guard.reserve('k@x.es', '6.6.6.6')).ok).toBe(false);
    now += SIGN_IN_LIMITS.pair.forgetMs;
    expect((await guard.reserve('k@x.es', '6.6.6.6')).ok).toBe(true);
  });

  it('does not count a released attempt (server busy)', async () => {
    const guard = new SignInGuard(() => 0);
    for (let i = 0; i < 50; i++) {
      const r = await guard.reserve('x@x.es', '4.4.4.4');
      if (r.ok) await r.ticket.release();
      else throw new Error('refused');
    }
  });
});

describe('HashGate', () => {
  it('runs at most `concurrency` at once, queues up to the limit and refuses the rest with 503 at once', async () => {
    const gate = new HashGate(2, 3);
    let running = 0;
    let peak = 0;
    const releases: Array<() => void> = [];
    const work = () =>
      new Promise<void>((resolve) => {
        running++;
        peak = Math.max(peak, running);
        releases.push(() => {
          running--;
          resolve();
        });
      });
    const results = Array.from({ length: 8 }, () =>
      gate.run(work).then(
        () => 'done',
        (e: { status: number }) => e.status,
      ),
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(gate.load).toEqual({ running: 2, waiting: 3 });
    while (releases.length > 0 || running > 0) {
      releases.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(await Promise.all(results)).toEqual(['done', 'done', 'done', 'done', 'done', 503, 503, 503]);
    expect(peak).toBe(2);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});
