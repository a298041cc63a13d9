import { describe, expect, it } from 'vitest';
import { EMAIL_LANE, laneConcurrency, PAUSE_AFTER_FAILURES, shouldPause, webhookLane, webhookOfLane } from '#domain/notifications/outbox-lanes.ts';

/** Decision 094: the outbox's lanes and when a failing receiver is paused. */
describe('outbox lanes', () => {
  it('names a lane per webhook and one for email, and reads the webhook back', () => {
    expect(webhookLane(7)).toBe('webhook:7');
    expect(webhookOfLane('webhook:7')).toBe(7);
    expect(webhookOfLane(EMAIL_LANE)).toBeNull();
    expect(webhookOfLane('webhook')).toBeNull();
    expect(webhookOfLane('webhook:7x')).toBeNull();
    expect(laneConcurrency(EMAIL_LANE)).toBe(1);
    expect(laneConcurrency('webhook:7')).toBe(1);
  });

  it('pauses only after enough failures in a row over at least an hour', () => {
    const now = '2026-11-29T12:00:00.000Z';
    expect(shouldPause(PAUSE_AFTER_FAILURES, '2026-11-29T11:00:00.000Z', now)).toBe(true);
    expect(shouldPause(PAUSE_AFTER_FAILURES - 1, '2026-11-28T11:00:00.000Z', now)).toBe(false);
    expect(shouldPause(100, '2026-11-29T11:00:00.001Z', now)).toBe(false);
    expect(shouldPause(100, null, now)).toBe(false);
  });
});
