import * as v from 'valibot';
import { instant } from '../clock/late-punch-request.ts';
import { CONTACT_CHANNELS, MAX_INTERRUPTION_SECONDS, MAX_STANDBY_SECONDS, STANDBY_KINDS } from './time-apart.ts';

/**
 * The bodies that record time apart (issue 38 point 1, decision 080). Instants are ISO 8601 with
 * a zone (the form converts its local time); durations are integer seconds. The personal bodies
 * name no employee (the session's own; other keys are dropped); the administrator's add `employee`.
 * The rules that need now or the other rows (`standbyRefusal`, `interruptionRefusal`) are the service's.
 */

export const NOTE_MAX = 500;
const seconds = (max: number, message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(0, message), v.maxValue(max, message));
const note = v.pipe(
  v.optional(v.nullable(v.string('validation.invalidInput')), null),
  v.transform((s) => (s === null || s.trim() === '' ? null : s.trim())),
  v.nullable(v.pipe(v.string(), v.maxLength(NOTE_MAX, 'validation.tooLong'))),
);
const employee = v.pipe(v.number('validation.required'), v.integer('validation.required'), v.minValue(1, 'validation.required'));

const standbyFields = {
  kind: v.picklist(STANDBY_KINDS, 'timeApart.errors.kind'),
  startAt: instant,
  endAt: instant,
  calledInSeconds: v.optional(seconds(MAX_STANDBY_SECONDS, 'timeApart.errors.calledInOutside'), 0),
  note,
};
const interruptionFields = {
  at: instant,
  channel: v.picklist(CONTACT_CHANNELS, 'timeApart.errors.channel'),
  durationSeconds: seconds(MAX_INTERRUPTION_SECONDS, 'timeApart.errors.duration'),
  workDone: v.boolean('validation.invalidInput'),
  note,
};

/** POST /api/personal/standby. */
export const PersonalStandbySchema = v.object(standbyFields);
/** POST /api/personal/interruptions. */
export const PersonalInterruptionSchema = v.object(interruptionFields);
/** POST /api/standby-periods (an administrator, for an employee). */
export const StandbySchema = v.object({ employee, ...standbyFields });
/** POST /api/disconnection-interruptions. */
export const InterruptionSchema = v.object({ employee, ...interruptionFields });

export type StandbyInput = v.InferOutput<typeof PersonalStandbySchema>;
export type InterruptionInput = v.InferOutput<typeof PersonalInterruptionSchema>;
