import * as v from 'valibot';
import { optionalRef } from '../forms/optional-ref.ts';
import { calendarDate } from '../schedules/schedule-schema.ts';
import { MAX_LEAVE_SPAN_DAYS, spanDays } from './leave-days.ts';
import { LEAVE_STATUSES } from './leave-rules.ts';

const REQUIRED = 'validation.required';

/** A select's id: a positive integer, also as a numeric string; empty = "This field is required". */
const requiredRef = v.pipe(v.union([v.number(REQUIRED), v.pipe(v.string(REQUIRED), v.nonEmpty(REQUIRED), v.transform(Number))], REQUIRED), v.number(REQUIRED), v.integer(REQUIRED), v.minValue(1, REQUIRED));

const reason = v.pipe(v.string(REQUIRED), v.trim(), v.nonEmpty(REQUIRED), v.maxLength(1000, 'validation.tooLong'));

/**
 * A leave request (spec section 3): type, first and last day (inclusive), reason. `employee` is
 * whose leave it is: an admin names it; an Employee account's own employee is used regardless.
 * The return date is not input: the server derives it from the schedule.
 */
export const LeaveRequestInput = v.pipe(
  v.object(
    {
      employee: optionalRef(REQUIRED),
      leaveType: requiredRef,
      from: calendarDate,
      to: calendarDate,
      reason,
      /**
       * Issue 17.9: an administrator records the absence as already approved (sick leave, a day
       * off agreed in person) instead of filing a request; refused for an Employee account.
       */
      approved: v.optional(v.boolean('validation.invalidInput'), false),
    },
    REQUIRED,
  ),
  v.forward(
    v.partialCheck([['from'], ['to']], (l) => l.to >= l.from, 'leave.toBeforeFrom'),
    ['to'],
  ),
  v.forward(
    v.partialCheck([['from'], ['to']], (l) => l.to < l.from || spanDays(l.from, l.to) <= MAX_LEAVE_SPAN_DAYS, 'leave.tooLong'),
    ['to'],
  ),
);
export type LeaveRequestInput = v.InferOutput<typeof LeaveRequestInput>;

/** An administrator's decision: the new status and an optional comment the employee sees. */
export const LeaveDecisionInput = v.object(
  {
    status: v.picklist(LEAVE_STATUSES, 'leave.invalidStatus'),
    comment: v.pipe(
      v.optional(v.nullable(v.string('validation.invalidInput')), null),
      v.transform((c) => (c === null ? null : c.trim() || null)),
      v.nullable(v.pipe(v.string(), v.maxLength(1000, 'validation.tooLong'))),
    ),
  },
  'validation.invalidInput',
);
export type LeaveDecisionInput = v.InferOutput<typeof LeaveDecisionInput>;
