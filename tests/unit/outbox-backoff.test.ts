import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelayMs } from '../../src/domain/notifications/outbox-backoff.ts';
import { DEFAULT_NOTIFICATION_SETTING, isMutable, isNotificationKind, NOTIFICATION_KINDS } from '../../src/domain/notifications/notification-kinds.ts';

describe('outbox backoff', () => {
  it('waits longer after each failure and gives up after the eighth attempt', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n))).toEqual([60_000, 300_000, 900_000, 3_600_000, 10_800_000, 21_600_000, 43_200_000]);
    expect(MAX_ATTEMPTS).toBe(8);
    expect(retryDelayMs(8)).toBeNull();
    expect(retryDelayMs(20)).toBeNull();
  });

  it('refuses a count that is not a positive integer', () => {
    expect(() => retryDelayMs(0)).toThrow(RangeError);
    expect(() => retryDelayMs(1.5)).toThrow(RangeError);
  });
});

describe('notification kinds', () => {
  it('has a default for every kind, and only optional kinds can be muted', () => {
    expect(Object.keys(DEFAULT_NOTIFICATION_SETTING).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    expect(isMutable('leaveRequested')).toBe(true);
    expect(isMutable('monthlySummary')).toBe(false);
    expect(isMutable('correctionAwaitingAcceptance')).toBe(false);
    expect(isMutable('backupFailed')).toBe(false);
    expect(isNotificationKind('missedCheckIn')).toBe(true);
    expect(isNotificationKind('toString')).toBe(false);
  });
});
