import * as v from 'valibot';
import { issuesToFieldKeys } from '#domain/auth/auth-schemas.ts';
import { shiftInstants, skippedTimeProblems, type BreakInstants, type LocalShiftTimes, type ShiftInstants } from '#domain/attendance/shift-times.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Validates attendance input: 422 whose message is the first problem's own text (so a terminal
 * showing only `message` still says "You must enter the time." or that the reason must be
 * written), with every problem by field in `errors`.
 */
export function validateAttendance<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) {
    const fields = issuesToFieldKeys(result.issues);
    const first = Object.values(fields)[0] ?? 'validation.invalidInput';
    throw new AppError(first, 422, {}, fields);
  }
  return result.output;
}

/** Instants may not lie in the future: a manual entry records what happened. */
export function refuseFutureInstants(shift: ShiftInstants, now: Date): void {
  const limit = now.getTime() + 60_000; // a minute of clock skew between browser and server
  const problems: Record<string, string> = {};
  if (Date.parse(shift.timeIn) > limit) problems['timeIn'] = 'attendance.inFuture';
  if (shift.timeOut !== null && Date.parse(shift.timeOut) > limit) problems['timeOut'] = 'attendance.inFuture';
  for (const b of shift.breaks) {
    if (Date.parse(b.startAt) > limit) problems['breakIn'] = 'attendance.inFuture';
    if (b.endAt !== null && Date.parse(b.endAt) > limit) problems['breakOut'] = 'attendance.inFuture';
  }
  if (Object.keys(problems).length > 0) throw new AppError('attendance.inFuture', 422, {}, problems);
}

/** Refuses typed times that a DST gap skips on their date (422, nothing written). */
export function refuseSkippedTimes(date: string, times: LocalShiftTimes, timeZone: string): void {
  const problems = skippedTimeProblems(date, times, timeZone);
  if (Object.keys(problems).length > 0) throw new AppError('attendance.timeSkippedByDst', 422, {}, problems);
}

/**
 * The stored shift of an edit: the typed times, plus any further breaks the day already had
 * (the form edits the first break; a day with several keeps the others), each of which must
 * still lie inside the shift.
 */
export function editedShift(date: string, times: LocalShiftTimes, timeZone: string, keptBreaks: readonly BreakInstants[]): ShiftInstants {
  refuseSkippedTimes(date, times, timeZone);
  const typed = shiftInstants(date, times, timeZone);
  const start = Date.parse(typed.timeIn);
  const end = typed.timeOut === null ? Number.POSITIVE_INFINITY : Date.parse(typed.timeOut);
  for (const b of keptBreaks) {
    const from = Date.parse(b.startAt);
    const to = b.endAt === null ? null : Date.parse(b.endAt);
    if (from <= start || from >= end || (to !== null && to > end) || (to === null && typed.timeOut !== null)) {
      throw new AppError('attendance.otherBreakOutside', 422, {}, { breakIn: 'attendance.otherBreakOutside' });
    }
  }
  return { ...typed, breaks: [...typed.breaks, ...keptBreaks].sort((a, b) => a.startAt.localeCompare(b.startAt)) };
}
