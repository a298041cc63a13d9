/**
 * The outbox's queues (decision 094). Every email waits in `email` (one SMTP server); each webhook's
 * deliveries wait in `webhook:<id>`. Lanes are delivered independently: a receiver that does not
 * answer holds back only its own lane. `laneConcurrency` is how many deliveries of one lane may be
 * in flight at once: 1 (a receiver gets its events one at a time, in order; an email interrupted by
 * a crash is the only one of its lane that may have left, decision 054). Whatever the lanes, at most `MAX_IN_FLIGHT` deliveries run at once.
 */
export const EMAIL_LANE = 'email';
export const MAX_IN_FLIGHT = 8;

export function webhookLane(webhookId: number): string {
  return `webhook:${webhookId}`;
}

/** The webhook a lane belongs to, or null (email, or a deleted webhook's `webhook`). */
export function webhookOfLane(lane: string): number | null {
  const match = /^webhook:(\d+)$/.exec(lane);
  return match ? Number(match[1]) : null;
}

export function laneConcurrency(_lane: string): number {
  return 1;
}

/**
 * A webhook is paused when it failed `PAUSE_AFTER_FAILURES` attempts in a row over at least
 * `PAUSE_AFTER_MS` (a receiver down for a few minutes while many events happened is not paused;
 * one that failed for an hour is).
 */
export const PAUSE_AFTER_FAILURES = 10;
export const PAUSE_AFTER_MS = 60 * 60 * 1000;

export function shouldPause(streak: number, failingSince: string | null, now: string): boolean {
  if (streak < PAUSE_AFTER_FAILURES || failingSince === null) return false;
  return Date.parse(now) - Date.parse(failingSince) >= PAUSE_AFTER_MS;
}
