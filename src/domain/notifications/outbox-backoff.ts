/**
 * When the outbox tries a failed delivery again (decision 054): 1 min, 5 min, 15 min, 1 h, 3 h,
 * 6 h, 12 h after the 1st..7th failed attempt; the 8th failure is final (about a day in all, so a
 * weekend-long SMTP outage shows as failed messages the admin can retry on Monday).
 */
const DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 3_600_000, 3 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000] as const;

export const MAX_ATTEMPTS = DELAYS_MS.length + 1;

/** The wait after `attempts` failed attempts (>= 1), or null when that was the last one. */
export function retryDelayMs(attempts: number): number | null {
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError(`attempts must be a positive integer, got ${attempts}`);
  return attempts >= MAX_ATTEMPTS ? null : DELAYS_MS[attempts - 1]!;
}
