/** A shift's times as planned: `HH:mm` local; an end not after the start ends the next day. */
export interface ShiftTimes {
  startTime: string;
  endTime: string;
  /** Unpaid break inside the shift, in minutes. */
  breakMinutes: number;
}

/** Minutes since midnight of a local `HH:mm`. */
export function timeOfDayMinutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Minutes from start to end (across midnight when the end is not after the start; 24 h when equal). */
export function shiftSpanMinutes(s: Pick<ShiftTimes, 'startTime' | 'endTime'>): number {
  const diff = timeOfDayMinutes(s.endTime) - timeOfDayMinutes(s.startTime);
  return diff > 0 ? diff : diff + 24 * 60;
}

/** Minutes of work a shift plans: its span less its break (never below 0). */
export function shiftWorkMinutes(s: ShiftTimes): number {
  return Math.max(0, shiftSpanMinutes(s) - s.breakMinutes);
}

/** Whether two planned shifts read the same (times and break). */
export function sameShift(a: ShiftTimes | null, b: ShiftTimes | null): boolean {
  if (a === null || b === null) return a === b;
  return a.startTime === b.startTime && a.endTime === b.endTime && a.breakMinutes === b.breakMinutes;
}
