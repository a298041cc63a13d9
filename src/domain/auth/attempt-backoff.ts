/** How failed attempts of one key (an account from one address) are slowed down. */
export interface BackoffPolicy {
  /** Failures allowed without any wait. */
  free: number;
  /** The wait after the first failure beyond the free ones; it doubles with each further one. */
  baseMs: number;
  /** The longest wait. */
  maxMs: number;
}

/**
 * The wait, counted from the last failure, before the next attempt of a key that has `failures`
 * (failed or still running) attempts: 0 within the free ones, then baseMs doubling up to maxMs.
 */
export function backoffMs(failures: number, policy: BackoffPolicy): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(30, failures - policy.free));
}
