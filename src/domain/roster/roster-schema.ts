import * as v from 'valibot';
import { idRef } from '../org/org-schemas.ts';
import { calendarDate, timeOfDay } from '../schedules/schedule-schema.ts';
import { addDays, weekdayOf } from '../time/zoned-time.ts';
import { shiftSpanMinutes } from './shift-times.ts';

/**
 * The roster's request bodies (issue 39, decision 085), the one contract that validation and the
 * OpenAPI document read. Messages are i18n codes; a refusal is a 422 naming the field.
 */
const REQUIRED = 'validation.required';
const INVALID = 'validation.invalidInput';

/** The longest range the grid, fill and publish take in one request. */
export const MAX_ROSTER_DAYS = 62;

export const ROSTER_MESSAGES = {
  dayTaken: 'roster.dayTaken',
  rangeTooLong: 'roster.rangeTooLong',
  notMonday: 'roster.notMonday',
  breakTooLong: 'roster.breakTooLong',
  invalidColour: 'roster.invalidColour',
  sameWeek: 'roster.sameWeek',
  timesRequired: 'roster.timesRequired',
  toBeforeFrom: 'roster.toBeforeFrom',
} as const;

const integerIn = (min: number, max: number, message: string) =>
  v.pipe(v.union([v.number(message), v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.transform(Number))], message), v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

export const breakMinutes = integerIn(0, 240, 'roster.breakRange');
const colour = v.pipe(v.string(REQUIRED), v.trim(), v.regex(/^#[0-9a-fA-F]{6}$/, ROSTER_MESSAGES.invalidColour), v.toLowerCase());
const name = v.pipe(v.string(REQUIRED), v.trim(), v.nonEmpty(REQUIRED), v.maxLength(80, 'validation.tooLong'));
const optionalRef = v.optional(v.nullable(idRef), null);
/** Whether a date that passed its format reads as a Monday (a malformed one is left to the date's own message). */
const isMonday = (d: string) => !/^\d{4}-\d{2}-\d{2}$/.test(d) || Number.isNaN(Date.parse(`${d}T00:00:00Z`)) || weekdayOf(d) === 'Monday';
const monday = v.pipe(calendarDate, v.check(isMonday, ROSTER_MESSAGES.notMonday));
/** A partial change's body: an object, never an array (a JSON array is an object to `v.object`). */
const notArray = v.custom<unknown>((input) => !Array.isArray(input), REQUIRED);

/** Whether the break fits inside the span (an 8 h shift cannot have a 9 h break). */
const breakFits = (s: { startTime: string; endTime: string; breakMinutes: number }) => s.breakMinutes < shiftSpanMinutes(s);

const templateFields = { name, startTime: timeOfDay, endTime: timeOfDay, breakMinutes: v.optional(breakMinutes, 0), colour, department: optionalRef };

export const ShiftTemplateInput = v.pipe(v.object(templateFields, REQUIRED), v.forward(v.partialCheck([['startTime'], ['endTime'], ['breakMinutes']], breakFits, ROSTER_MESSAGES.breakTooLong), ['breakMinutes']));
export type ShiftTemplateInput = v.InferOutput<typeof ShiftTemplateInput>;

/** A template edit: any of the fields, plus `archived` (an archived template is kept out of the grid's picker). */
export const ShiftTemplatePatch = v.pipe(
  notArray,
  v.object(
    {
      name: v.optional(name),
      startTime: v.optional(timeOfDay),
      endTime: v.optional(timeOfDay),
      breakMinutes: v.optional(breakMinutes),
      colour: v.optional(colour),
      department: v.optional(v.nullable(idRef)),
      archived: v.optional(v.boolean(INVALID)),
    },
    REQUIRED,
  ),
);
export type ShiftTemplatePatch = v.InferOutput<typeof ShiftTemplatePatch>;

/** A draft shift: a template fills its times, explicit times override them (checked complete by the service). */
export const RosterShiftInput = v.object(
  {
    department: idRef,
    employee: v.nullable(idRef),
    date: calendarDate,
    template: optionalRef,
    startTime: v.optional(timeOfDay),
    endTime: v.optional(timeOfDay),
    breakMinutes: v.optional(breakMinutes),
  },
  REQUIRED,
);
export type RosterShiftInput = v.InferOutput<typeof RosterShiftInput>;

/** A draft shift's edit (moving it = a new employee or date); only the fields given change. */
export const RosterShiftPatch = v.pipe(
  notArray,
  v.object(
    {
      employee: v.optional(v.nullable(idRef)),
      date: v.optional(calendarDate),
      template: v.optional(v.nullable(idRef)),
      startTime: v.optional(timeOfDay),
      endTime: v.optional(timeOfDay),
      breakMinutes: v.optional(breakMinutes),
    },
    REQUIRED,
  ),
);
export type RosterShiftPatch = v.InferOutput<typeof RosterShiftPatch>;

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A department's dates `from`..`to`: in order, at most `MAX_ROSTER_DAYS`. */
export const RosterRangeInput = v.pipe(
  v.object({ department: idRef, from: calendarDate, to: calendarDate }, REQUIRED),
  v.forward(
    v.check((r) => r.to >= r.from, ROSTER_MESSAGES.toBeforeFrom),
    ['to'],
  ),
  v.forward(
    v.check((r) => daysBetween(r.from, r.to) <= MAX_ROSTER_DAYS, ROSTER_MESSAGES.rangeTooLong),
    ['to'],
  ),
);
export type RosterRangeInput = v.InferOutput<typeof RosterRangeInput>;

/** Copy one week (Monday to Sunday) onto another. */
export const CopyWeekInput = v.pipe(
  v.object({ department: idRef, from: monday, to: monday }, REQUIRED),
  v.forward(
    v.check((r) => r.from !== r.to, ROSTER_MESSAGES.sameWeek),
    ['to'],
  ),
);
export type CopyWeekInput = v.InferOutput<typeof CopyWeekInput>;

/** The `weeks`-week pattern starting on `from` repeated `times` times right after it (rotations). */
export const RepeatWeeksInput = v.object(
  {
    department: idRef,
    from: monday,
    weeks: integerIn(1, 8, 'roster.weeksRange'),
    times: integerIn(1, 12, 'roster.timesRange'),
  },
  REQUIRED,
);
export type RepeatWeeksInput = v.InferOutput<typeof RepeatWeeksInput>;

/** Staff needed per template and ISO weekday (1 = Monday .. 7 = Sunday); the list replaces the department's. */
export const CoverageInput = v.object(
  {
    department: idRef,
    needs: v.pipe(v.array(v.object({ template: idRef, weekday: integerIn(1, 7, INVALID), staff: integerIn(0, 999, 'roster.staffRange') }, INVALID), INVALID), v.maxLength(7 * 200, INVALID)),
  },
  REQUIRED,
);
export type CoverageInput = v.InferOutput<typeof CoverageInput>;

/** The dates `from`..`to`, both included. */
export function datesOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
