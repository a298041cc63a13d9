import * as v from 'valibot';
import { shiftOrderProblems } from './shift-times.ts';
import { OVERTIME_CAP_FIELDS } from '../worktime/overtime-cap-schema.ts';

/**
 * Manual attendance input (spec sections 3 and 5), shared by the form and the server. Times are
 * local `HH:mm` on the work date; messages are i18n keys. A written reason is required on every
 * create and edit: it is what the revision history shows.
 */
export const REASON_MAX = 500;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const REQUIRED = 'validation.required';
const MUST_ENTER_TIME = 'messages.mustEnterTime';

const employee = v.pipe(v.union([v.number(REQUIRED), v.pipe(v.string(REQUIRED), v.nonEmpty(REQUIRED), v.transform(Number))], REQUIRED), v.number(REQUIRED), v.integer(REQUIRED), v.minValue(1, REQUIRED));

export const workDate = v.pipe(
  v.string(REQUIRED),
  v.nonEmpty(REQUIRED),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalidDate'),
  v.check((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'validation.invalidDate'),
);

// Missing and null read as empty, so they get the field's own message, not the generic one.
const orEmpty = (message: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(message)), ''),
    v.transform((s) => s ?? ''),
  );

const timeIn = v.pipe(orEmpty(MUST_ENTER_TIME), v.trim(), v.nonEmpty(MUST_ENTER_TIME), v.regex(TIME, 'attendance.invalidTime'));

/** Optional time: missing, null or empty is none (null). */
const optionalTime = v.pipe(
  v.optional(v.nullable(v.string('attendance.invalidTime')), null),
  v.transform((s) => (s === null || s.trim() === '' ? null : s.trim())),
  v.nullable(v.pipe(v.string(), v.regex(TIME, 'attendance.invalidTime'))),
);

export const reason = v.pipe(orEmpty('attendance.reasonRequired'), v.trim(), v.nonEmpty('attendance.reasonRequired'), v.maxLength(REASON_MAX, 'validation.tooLong'));

export const times = { timeIn, timeOut: optionalTime, breakIn: optionalTime, breakOut: optionalTime };

/** On site or remote (decision 035). The clock records on site; a manual day says which. */
export const WORK_MODES = ['on-site', 'remote'] as const;
/** A day's work mode when nobody says otherwise (the column's default, migration 0012): the clock's. */
export const DEFAULT_WORK_MODE = 'on-site' satisfies (typeof WORK_MODES)[number];
/** How a day's overtime is compensated, set by an admin; empty or null = not marked. */
export const OVERTIME_COMPENSATIONS = ['paid', 'rest'] as const;
const workMode = v.picklist(WORK_MODES, 'attendance.invalidWorkMode');
const overtimeCompensation = v.nullable(
  v.union(
    [
      v.pipe(
        v.literal(''),
        v.transform(() => null),
      ),
      v.picklist(OVERTIME_COMPENSATIONS),
    ],
    'attendance.invalidOvertimeCompensation',
  ),
);

/**
 * Force majeure overtime (art. 35.3 ET; decision 081): the written reason, or empty/null to clear
 * the mark. Not sent: left as it is.
 */
const overtimeForceMajeure = v.pipe(
  v.nullable(v.string('validation.invalidInput')),
  v.transform((s) => (s ?? '').trim()),
  v.maxLength(REASON_MAX, 'complementary.forceMajeureTooLong'),
  v.transform((s) => (s === '' ? null : s)),
);

/** Adds the order rules of the shift's times as issues on their fields. */
export const withOrderRules = <S extends v.GenericSchema<unknown, { timeIn: string; timeOut: string | null; breakIn: string | null; breakOut: string | null }>>(schema: S) =>
  v.pipe(
    schema,
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      for (const [field, message] of Object.entries(shiftOrderProblems(dataset.value))) {
        addIssue({
          message,
          path: [{ type: 'object', origin: 'value', input: dataset.value as Record<string, unknown>, key: field, value: (dataset.value as Record<string, unknown>)[field] }],
        });
      }
    }),
  );

export const AttendanceCreateInput = withOrderRules(
  v.object(
    {
      employee,
      date: workDate,
      ...times,
      reason,
      workMode: v.optional(workMode, DEFAULT_WORK_MODE),
      overtimeCompensation: v.optional(overtimeCompensation, null),
      overtimeForceMajeure: v.optional(overtimeForceMajeure, null),
      ...OVERTIME_CAP_FIELDS,
    },
    REQUIRED,
  ),
);
export type AttendanceCreateInput = v.InferOutput<typeof AttendanceCreateInput>;

/**
 * An edit changes the times (never whose day it is: employee and date, when sent, must be the
 * record's own). `revision`, when sent, is the revision the editor saw (a concurrent edit is
 * refused rather than silently overwritten).
 */
export const AttendanceUpdateInput = withOrderRules(
  v.object(
    {
      employee: v.optional(employee),
      date: v.optional(workDate),
      ...times,
      reason,
      // Not sent: kept as they are.
      workMode: v.optional(workMode),
      overtimeCompensation: v.optional(overtimeCompensation),
      overtimeForceMajeure: v.optional(overtimeForceMajeure),
      ...OVERTIME_CAP_FIELDS,
      revision: v.optional(v.pipe(v.union([v.number(), v.pipe(v.string(), v.transform(Number))]), v.number(), v.integer(), v.minValue(1))),
    },
    REQUIRED,
  ),
);
export type AttendanceUpdateInput = v.InferOutput<typeof AttendanceUpdateInput>;

/** Voiding a manual day (decision 033): the written reason is required. */
export const AttendanceVoidInput = v.object({
  reason: v.pipe(orEmpty('attendance.voidReasonRequired'), v.trim(), v.nonEmpty('attendance.voidReasonRequired'), v.maxLength(REASON_MAX, 'validation.tooLong')),
});
