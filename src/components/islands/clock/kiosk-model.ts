import type { ClockAction } from '#domain/clock/clock-engine.ts';

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
/**
 * Badge readers are USB keyboards that type the code and Enter (decision 048). A pause longer than
 * this ends a run of keys: readers on a loaded bus or a slow hub have been seen with gaps of up to
 * 80-100 ms between keys, so the limit sits above that.
 */
export const READER_RUN_GAP_MS = 150;
/** A run whose median gap is at most this is a reader; a person typing digits is slower (≥ 100 ms). */
export const READER_MEDIAN_GAP_MS = 70;
/** Keys older than this before Enter are forgotten on the start screen. */
export const READER_FORGET_MS = 5_000;
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

/** The median of the gaps between key times, or Infinity with fewer than two keys. */
export function medianGap(times: readonly number[]): number {
  if (times.length < 2) return Number.POSITIVE_INFINITY;
  const gaps = times
    .slice(1)
    .map((t, i) => t - times[i]!)
    .sort((a, b) => a - b);
  const mid = gaps.length >> 1;
  return gaps.length % 2 ? gaps[mid]! : (gaps[mid - 1]! + gaps[mid]!) / 2;
}

/**
 * Tells a badge reader from a person at the keyboard (decision 048). Feed every printable key and
 * Enter with the EVENT's time (`KeyboardEvent.timeStamp`: when the key was pressed, not when a
 * busy page got round to handling it — under load, handlers run in bunches and late, which cut
 * badges short when the handler's clock was used). Enter answers the code typed since the last
 * Enter (or a pause of a few seconds); with `requireBurst` (while the PIN pad takes typed digits)
 * only the last run of keys counts — keys at most READER_RUN_GAP_MS apart, the last one right
 * before Enter — and only when its median gap is a reader's, so a person typing a PIN is never
 * taken for a badge and one slow gap in a reader's code does not truncate it.
 */
export class BadgeReader {
  private all = '';
  private run: { char: string; at: number }[] = [];
  private lastAt = -Infinity;

  /** A printable key. Returns the length of the current run (1 = a run just started). */
  key(char: string, at: number): number {
    if (at - this.lastAt > READER_FORGET_MS) this.all = '';
    if (at - this.lastAt > READER_RUN_GAP_MS) this.run = [];
    this.all += char;
    this.run.push({ char, at });
    this.lastAt = at;
    return this.run.length;
  }

  /** Enter: the badge code, or null when what came before does not look like one. */
  enter(at: number, requireBurst: boolean): string | null {
    const text = requireBurst ? (this.readerRun(at) ? this.run.map((k) => k.char).join('') : '') : this.all;
    this.reset();
    return text.length >= CARD_MIN_LENGTH ? text : null;
  }

  private readerRun(at: number): boolean {
    return at - this.lastAt <= READER_RUN_GAP_MS && medianGap([...this.run.map((k) => k.at), at]) <= READER_MEDIAN_GAP_MS;
  }

  reset(): void {
    this.all = '';
    this.run = [];
    this.lastAt = -Infinity;
  }
}
