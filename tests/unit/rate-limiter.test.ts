import { describe, expect, it } from 'vitest';
import { backoffMs } from '../../src/domain/auth/attempt-backoff.ts';
import { HashGate } from '../../src/server/auth/hash-gate.ts';
import { BackoffLimiter, RateLimiter, type Reservation } from '../../src/server/auth/rate-limiter.ts';
import { SIGN_IN_LIMITS, SignInGuard } from '../../src/server/auth/sign-in-guard.ts';

const ticketOf = (r: Reservation) => {
  if (!r.ok) throw new Error(`refused for ${r.retryAfterMs} ms`);
  return r.ticket;
};

describe('RateLimiter', () => {
  it('locks a key after the limit within the window and frees it when the window passes', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(3, 60_000, () => now);
    ticketOf(limiter.reserve('a')).fail();
    ticketOf(limiter.reserve('a')).fail();
    expect(limiter.retryAfterMs('a')).toBe(0);
    now += 10_000;
    ticketOf(limiter.reserve('a')).fail();
    expect(limiter.retryAfterMs('a')).toBe(50_000);
    expect(limiter.reserve('a')).toEqual({ ok: false, retryAfterMs: 50_000 });
    expect(limiter.retryAfterMs('b')).toBe(0);
    now += 50_001;
    expect(limiter.retryAfterMs('a')).toBe(0);
  });

  it('counts a reserved attempt at once, so parallel attempts cannot all pass the check', () => {
    const limiter = new RateLimiter(5, 60_000, () => 0);
    const reservations = Array.from({ length: 100 }, () => limiter.reserve('a'));
    expect(reservations.filter((r) => r.ok)).toHaveLength(5);
  });

  it('gives the place back on release, and settling twice does nothing', () => {
    const limiter = new RateLimiter(1, 60_000, () => 0);
    const ticket = ticketOf(limiter.reserve('a'));
    expect(limiter.reserve('a').ok).toBe(false);
    ticket.release();
    ticket.fail();
    const again = ticketOf(limiter.reserve('a'));
    again.fail();
    again.release();
    expect(limiter.reserve('a').ok).toBe(false);
  });

  it('forgets a key on reset', () => {
    const limiter = new RateLimiter(1, 60_000);
    ticketOf(limiter.reserve('a')).fail();
    expect(limiter.retryAfterMs('a')).toBeGreaterThan(0);
    limiter.reset('a');
    expect(limiter.retryAfterMs('a')).toBe(0);
  });
});

describe('backoff', () => {
  it('is free for the first failures, then doubles up to the cap', () => {
    const policy = { free: 5, baseMs: 30_000, maxMs: 15 * 60_000 };
    expect([0, 4, 5, 6, 7, 10, 11, 50].map((n) => backoffMs(n, policy))).toEqual([0, 0, 30_000, 60_000, 120_000, 900_000, 900_000, 900_000]);
  });

  it('waits from the last failure, counts running attempts, and forgets on success or after forgetMs', () => {
    let now = 0;
    const limiter = new BackoffLimiter({ free: 2, baseMs: 1_000, maxMs: 8_000, forgetMs: 60_000 }, () => now);
    const first = ticketOf(limiter.reserve('k'));
    ticketOf(limiter.reserve('k'));
    expect(limiter.reserve('k')).toEqual({ ok: false, retryAfterMs: 1_000 }); // two running count
    first.release();
    expect(limiter.reserve('k').ok).toBe(true);
    expect(limiter.failures('k')).toBe(2);
    now = 1_000;
    expect(limiter.retryAfterMs('k')).toBe(0);
    limiter.reset('k');
    expect(limiter.failures('k')).toBe(0);
    for (let i = 0; i < 4; i++) {
      const r = limiter.reserve('j');
      if (r.ok) r.ticket.fail();
      now += 10_000;
    }
    expect(limiter.failures('j')).toBe(4);
    expect(limiter.retryAfterMs('j')).toBe(0); // 10 s passed, the wait was 4 s
    now += 60_000;
    expect(limiter.failures('j')).toBe(0);
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
    const results = Array.from({ length: 8 }, () => gate.run(work).then(() => 'done', (e: { status: number }) => e.status));
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
