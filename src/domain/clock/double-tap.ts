import type { ClockAction } from './clock-engine.ts';

/** A repeat within this many seconds of the employee's last punch may be a double tap. */
export const DOUBLE_TAP_SECONDS = 10;

/**
 * Whether a punch repeats the employee's last clock punch (a double tap: answered with the first
 * punch's time, recorded once). Only when that last punch is the SAME action and at most
 * DOUBLE_TAP_SECONDS old: check-in, check-out by mistake, check-in again within seconds is not a
 * repeat of the first check-in, and goes to the clock engine, which refuses it because the day is
 * closed (issue 18.1).
 */
export function isDoubleTap(last: { action: string; at: string } | undefined, action: ClockAction, nowSeconds: number): boolean {
  if (!last || last.action !== action) return false;
  const age = nowSeconds - Math.floor(Date.parse(last.at) / 1000);
  return age >= 0 && age <= DOUBLE_TAP_SECONDS;
}
