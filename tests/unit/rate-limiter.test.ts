import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/server/auth/rate-limiter.ts';

describe('RateLimiter', () => {
  it('locks a key after the limit within the window and frees it when the window passes', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(3, 60_000, () => now);
    limiter.fail('a');
    limiter.fail('a');
    expect(limiter.retryAfterMs('a')).toBe(0);
    now += 10_000;
    limiter.fail('a');
    expect(limiter.retryAfterMs('a')).toBe(50_000);
    expect(limiter.retryAfterMs('b')).toBe(0);
    now += 50_001;
    expect(limiter.retryAfterMs('a')).toBe(0);
  });

  it('forgets a key on reset', () => {
    const limiter = new RateLimiter(1, 60_000);
    limiter.fail('a');
    expect(limiter.retryAfterMs('a')).toBeGreaterThan(0);
    limiter.reset('a');
    expect(limiter.retryAfterMs('a')).toBe(0);
  });
});
