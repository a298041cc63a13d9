import { describe, expect, it } from 'vitest';
import { DOUBLE_TAP_SECONDS, isDoubleTap } from '../../src/domain/clock/double-tap.ts';

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('double tap (issue 18.1)', () => {
  const checkIn = { action: 'check-in', at: '2031-03-03T08:58:00.000Z' };

  it('is the same action again within the window', () => {
    expect(isDoubleTap(checkIn, 'check-in', at('2031-03-03T08:58:00Z'))).toBe(true);
    expect(isDoubleTap(checkIn, 'check-in', at('2031-03-03T08:58:00Z') + DOUBLE_TAP_SECONDS)).toBe(true);
  });

  it('is not a repeat after the window', () => {
    expect(isDoubleTap(checkIn, 'check-in', at('2031-03-03T08:58:00Z') + DOUBLE_TAP_SECONDS + 1)).toBe(false);
  });

  it('is not a repeat when the last punch was another action (check-in, check-out by mistake, check-in)', () => {
    const mistake = { action: 'check-out', at: '2031-03-03T08:58:04.000Z' };
    expect(isDoubleTap(mistake, 'check-in', at('2031-03-03T08:58:10Z'))).toBe(false);
  });

  it('is not a repeat without a last punch', () => {
    expect(isDoubleTap(undefined, 'check-in', at('2031-03-03T08:58:10Z'))).toBe(false);
  });
});
