import { nowMs } from '../clock/now.ts';
import { sharedState, type SharedState, type StateUnit } from '../db/shared-state.ts';

/** An attempt holding its place in a SharedRateLimiter; as AttemptTicket (rate-limiter.ts), settled once. */
export interface SharedAttemptTicket {
  fail(): Promise<void>;
  release(): Promise<void>;
}

export type SharedReservation = { ok: true; ticket: SharedAttemptTicket } | { ok: false; retryAfterMs: number };

/**
 * RateLimiter's sliding window (at most `limit` attempts per key in `windowMs`, an attempt
 * counting from its reservation until released) over the installation's shared state
 * (db/shared-state.ts, decision 060): on PostgreSQL every app server counts in the same row, so a
 * limit reached through one server holds on all. Each call is one atomic unit.
 */
export class SharedRateLimiter {
  constructor(
    readonly scope: string,
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = nowMs,
    private readonly state: () => SharedState = sharedState,
  ) {}

  /** Milliseconds until the key may try again; 0 when it may now. Reserves nothing. */
  async retryAfterMs(key: string): Promise<number> {
    return this.wait(this.recent(await this.state().get<number[]>(this.scope, key)));
  }

  /** Atomically checks and takes a place for an attempt, or says how long to wait. */
  reserve(key: string): Promise<SharedReservation> {
    return this.state().unit(async (state) => {
      const recent = this.recent(await state.get<number[]>(this.scope, key));
      const wait = this.wait(recent);
      if (wait > 0) return { ok: false as const, retryAfterMs: wait };
      return { ok: true as const, ticket: await this.take(state, key, recent) };
    });
  }

  /**
   * Takes `count` places without checking (attempts let through anyway that count, never
   * released); returns how many of them were still within the limit.
   */
  record(key: string, count = 1): Promise<number> {
    return this.state().unit(async (state) => {
      const recent = this.recent(await state.get<number[]>(this.scope, key));
      let within = 0;
      for (let i = 0; i < count; i++) {
        if (this.wait(recent) === 0) within++;
        recent.push(this.now());
      }
      await state.put(this.scope, key, recent, this.now() + this.windowMs);
      return within;
    });
  }

  async reset(key: string): Promise<void> {
    await this.state().unit((state) => state.delete(this.scope, key));
  }

  private async take(state: StateUnit, key: string, recent: number[]): Promise<SharedAttemptTicket> {
    const at = this.now();
    await state.put(this.scope, key, [...recent, at], at + this.windowMs);
    let settled = false;
    return {
      fail: async () => {
        settled = true;
      },
      release: async () => {
        if (settled) return;
        settled = true;
        await this.state().unit(async (s) => {
          const list = (await s.get<number[]>(this.scope, key)) ?? [];
          const i = list.lastIndexOf(at);
          if (i < 0) return;
          list.splice(i, 1);
          if (list.length === 0) await s.delete(this.scope, key);
          else await s.put(this.scope, key, list, Math.max(...list) + this.windowMs);
        });
      },
    };
  }

  private recent(list: number[] | undefined): number[] {
    const since = this.now() - this.windowMs;
    return (list ?? []).filter((t) => t > since);
  }

  private wait(recent: number[]): number {
    if (recent.length < this.limit) return 0;
    return Math.max(1, recent[recent.length - this.limit]! + this.windowMs - this.now());
  }
}
