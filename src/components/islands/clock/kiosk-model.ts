import type { ClockAction } from '../../../domain/clock/clock-engine.ts';

/** PIN length (docs/architecture.md: 6-10 digits). */
export const PIN_MIN = 6;
export const PIN_MAX = 10;
/** A result stays this long before the screen resets (a refusal a little longer, to be read). */
export const RESULT_MS = 5_000;
export const REFUSAL_MS = 8_000;
/** The PIN pad or camera step goes back to the start after this long without a touch or key. */
export const IDLE_MS = 30_000;
/** A badge read before choosing an action waits this long for the action. */
export const CARD_PENDING_MS = 15_000;
/** Keys from a USB badge reader arrive faster than this apart; a person types slower. */
export const READER_GAP_MS = 60;
/** Fewer characters than this are not a badge. */
export const CARD_MIN_LENGTH = 3;

export const KIOSK_ACTIONS: ReadonlyArray<{ action: ClockAction; label: string; tone: string }> = [
  { action: 'check-in', label: 'kiosk.actions.checkIn', tone: 'bg-emerald-700 hover:bg-emerald-800 text-white' },
  { action: 'break-in', label: 'kiosk.actions.breakIn', tone: 'bg-amber-400 hover:bg-amber-500 text-gray-950' },
  { action: 'break-out', label: 'kiosk.actions.breakOut', tone: 'bg-sky-700 hover:bg-sky-800 text-white' },
  { action: 'check-out', label: 'kiosk.actions.checkOut', tone: 'bg-rose-700 hover:bg-rose-800 text-white' },
];

export function actionLabel(action: ClockAction): string {
  return KIOSK_ACTIONS.find((a) => a.action === action)!.label;
}

/**
 * Tells a badge reader from a person at the keyboard. USB readers are keyboards that type the
 * badge code and Enter within a few milliseconds per key. Feed every printable key and Enter with
 * its time. Enter answers the code typed since the last Enter (or a pause of a few seconds); with
 * `requireBurst` (while the PIN pad takes typed digits) only keys that came in one fast burst
 * right before Enter count, so a person typing a PIN is never taken for a badge.
 */
export class BadgeReader {
  private all = '';
  private burst = '';
  private lastAt = -Infinity;

  /** A printable key. Returns the length of the current burst (1 = a burst just started). */
  key(char: string, at: number): number {
    if (at - this.lastAt > 5_000) this.all = '';
    if (at - this.lastAt > READER_GAP_MS) this.burst = '';
    this.all += char;
    this.burst += char;
    this.lastAt = at;
    return this.burst.length;
  }

  /** Enter: the badge code, or null when what came before does not look like one. */
  enter(at: number, requireBurst: boolean): string | null {
    const text = requireBurst ? (at - this.lastAt <= READER_GAP_MS ? this.burst : '') : this.all;
    this.reset();
    return text.length >= CARD_MIN_LENGTH ? text : null;
  }

  reset(): void {
    this.all = '';
    this.burst = '';
    this.lastAt = -Infinity;
  }
}
