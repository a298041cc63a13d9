import * as v from 'valibot';
import { isDate } from '../reports/periods.ts';

/** Longest reason for reopening an approved period. */
export const REOPEN_REASON_MAX = 1000;

const id = v.pipe(v.union([v.number(), v.pipe(v.string(), v.transform(Number))], 'validation.invalidInput'), v.integer('validation.invalidInput'), v.minValue(1, 'validation.invalidInput'));
const date = v.pipe(
  v.string('periods.dateRequired'),
  v.check((s: string) => isDate(s), 'periods.dateRequired'),
);

/**
 * Approving (decision 051): the period containing `date` (of the kind the settings say), for the
 * listed employees, or for every employee of `department` (bulk), or both.
 */
export const PeriodApproveInput = v.pipe(
  v.object(
    {
      date,
      employees: v.optional(v.pipe(v.array(id, 'validation.invalidInput'), v.maxLength(10_000, 'validation.tooLong')), []),
      department: v.optional(v.nullable(id), null),
    },
    'validation.required',
  ),
  v.forward(
    v.check((x) => x.employees.length > 0 || x.department !== null, 'periods.nobodyChosen'),
    ['employees'],
  ),
);

/** Reopening one employee's approved period: the written reason is required (audited). */
export const PeriodReopenInput = v.object(
  {
    date,
    employee: id,
    reason: v.pipe(v.string('periods.reopenReasonRequired'), v.trim(), v.nonEmpty('periods.reopenReasonRequired'), v.maxLength(REOPEN_REASON_MAX, 'validation.tooLong')),
  },
  'validation.required',
);
