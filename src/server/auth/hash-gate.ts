import { AppError } from '../http/app-error.ts';

/**
 * Bounds the argon2 work running at once. Each hash takes ~19 MiB and a libuv pool thread for
 * tens of milliseconds; unbounded, a flood of sign-ins filled the pool that files, sessions and
 * the database also wait on, and froze the app (issue 15). At most `concurrency` run, up to
 * `queueLimit` wait their turn, and beyond that the caller gets 503 at once with Retry-After.
 */
export class HashGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly queueLimit: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queueLimit) throw busy();
      // The slot is handed over by the finishing run (running stays counted).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

export const busy = () => new AppError('errors.busy', 503, { retryAfterSeconds: 2 });

/**
 * The process's gate for password hashes: two at once, sixteen waiting (under a second of work).
 * The launcher sets UV_THREADPOOL_SIZE to 6 (scripts/malloc-tuning.mjs), so four pool threads
 * stay free for everything else. (One at once on a 2-core machine measured no better with
 * bench/hostile-sign-in.mjs, and halves the sign-ins a second.)
 */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE = 16;
export const hashGate = new HashGate(HASH_CONCURRENCY, HASH_QUEUE);
