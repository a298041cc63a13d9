import * as v from 'valibot';
import { idRef } from '../org/org-schemas.ts';
import { WEEKDAY_NAMES } from '../time/zoned-time.ts';
import { inWeekOrder } from './rest-days.ts';

/**
 * Schedule input (spec sections 3 and 5): times `HH:mm` ("Invalid time format"), dates
 * `YYYY-MM-DD` ("Invalid date format"), total hours required, rest days Monday..Sunday.
 */
const REQUIRED = 'validation.required';

export const timeOfDay = v.pipe(v.string(REQUIRED), v.trim(), v.nonEmpty(REQUIRED), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'schedules.invalidTime'));

export const calendarDate = v.pipe(
  v.string(REQUIRED),
  v.trim(),
  v.nonEmpty(REQUIRED),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalidDate'),
  v.check((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'validation.invalidDate'),
);

const optionalDate = v.optional(
  v.nullable(
    v.union(
      [
        v.pipe(
          v.literal(''),
          v.transform(() => null),
        ),
        calendarDate,
      ],
      'validation.invalidDate',
    ),
  ),
  null,
);

const hours = v.pipe(
  v.union([v.number(REQUIRED), v.pipe(v.string(REQUIRED), v.trim(), v.nonEmpty(REQUIRED), v.transform(Number))], REQUIRED),
  v.number('validation.invalidNumber'),
  v.minValue(0.25, 'schedules.hoursRange'),
  v.maxValue(24, 'schedules.hoursRange'),
);

const restDays = v.pipe(
  v.optional(v.array(v.picklist(WEEKDAY_NAMES, 'validation.invalidInput'), 'validation.invalidInput'), []),
  // Stored in week order, Monday first (the order they are shown in).
  v.transform((days) => inWeekOrder(days)),
  v.check((days) => days.length < 7, 'schedules.allRestDays'),
);

const shift = {
  startTime: timeOfDay,
  offTime: timeOfDay,
  totalHours: hours,
  restDays,
  fromDate: calendarDate,
  toDate: optionalDate,
};

export const ScheduleInput = v.pipe(
  v.object({ employee: idRef, ...shift }, REQUIRED),
  v.forward(
    v.partialCheck([['fromDate'], ['toDate']], (s) => s.toDate === null || s.toDate >= s.fromDate, 'schedules.toBeforeFrom'),
    ['toDate'],
  ),
);
export type ScheduleInput = v.InferOutput<typeof ScheduleInput>;

/** Bulk assignment: the same shift for every active employee of a department. */
export const DepartmentScheduleInput = v.pipe(
  v.object({ department: idRef, ...shift }, REQUIRED),
  v.forward(
    v.partialCheck([['fromDate'], ['toDate']], (s) => s.toDate === null || s.toDate >= s.fromDate, 'schedules.toBeforeFrom'),
    ['toDate'],
  ),
);
export type DepartmentScheduleInput = v.InferOutput<typeof DepartmentScheduleInput>;

/**
 * What creating a schedule accepts (POST /api/schedules and /api/schedules/bulk, and the create
 * forms): the same shift, but `fromDate` may be left out, null or empty, and then the server starts
 * it on the next working day after today (`withDefaultStart`, issue 33 point 6; decision 012). The
 * OpenAPI document is generated from these, so the contract says the field is optional. An edit
 * (PATCH) still names its first day (ScheduleInput).
 */
const newShift = { ...shift, fromDate: optionalDate };
const fromBeforeTo = (s: { fromDate: string | null; toDate: string | null }) => s.toDate === null || s.fromDate === null || s.toDate >= s.fromDate;

export const ScheduleCreateInput = v.pipe(v.object({ employee: idRef, ...newShift }, REQUIRED), v.forward(v.partialCheck([['fromDate'], ['toDate']], fromBeforeTo, 'schedules.toBeforeFrom'), ['toDate']));
export type ScheduleCreateInput = v.InferOutput<typeof ScheduleCreateInput>;

export const DepartmentScheduleCreateInput = v.pipe(v.object({ department: idRef, ...newShift }, REQUIRED), v.forward(v.partialCheck([['fromDate'], ['toDate']], fromBeforeTo, 'schedules.toBeforeFrom'), ['toDate']));
export type DepartmentScheduleCreateInput = v.InferOutput<typeof DepartmentScheduleCreateInput>;
