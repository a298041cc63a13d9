import * as v from 'valibot';

/**
 * The explicit override of the 80 h overtime cap (decision 049) an attendance create or edit may
 * carry: `overtimeCapOverride` (a boolean, or a form's 'true'/'false'/'on') and the written reason
 * it requires (checked by the service only when the cap would refuse, so a form may send an empty
 * one otherwise). Absent when not sent, so inputs without them parse as before.
 */
export const OVERTIME_CAP_FIELDS = {
  overtimeCapOverride: v.optional(
    v.union(
      [
        v.boolean(),
        v.pipe(
          v.picklist(['true', 'false', 'on', ''], 'validation.invalidInput'),
          v.transform((s) => s === 'true' || s === 'on'),
        ),
      ],
      'validation.invalidInput',
    ),
  ),
  overtimeCapReason: v.optional(
    v.pipe(
      v.nullable(v.string('validation.invalidInput')),
      v.transform((s) => (s ?? '').trim()),
      v.maxLength(500, 'validation.tooLong'),
    ),
  ),
};
