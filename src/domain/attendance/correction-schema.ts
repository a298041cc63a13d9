import * as v from 'valibot';
import { reason, times, withOrderRules, workDate } from './attendance-schema.ts';

/**
 * Inputs of two-sided corrections (decision 034), shared by the forms and the server; messages
 * are i18n keys. A request carries the same times and reason as a manual entry, on a work date
 * of the worker's own (the employee comes from the session, never from the body).
 */
export const COMMENT_MAX = 1000;

export const CorrectionRequestInput = withOrderRules(v.object({ date: workDate, ...times, reason }, 'validation.required'));
export type CorrectionRequestInput = v.InferOutput<typeof CorrectionRequestInput>;

const optionalComment = v.pipe(
  v.optional(v.nullable(v.string('validation.invalidInput')), ''),
  v.transform((s) => (s ?? '').trim()),
  v.maxLength(COMMENT_MAX, 'validation.tooLong'),
);

/**
 * An administrator's decision: a comment, required when declining (the worker must know why).
 * Its only field is optional, so an array (an object to valibot) is refused explicitly.
 */
export const CorrectionDecisionInput = v.pipe(
  v.custom<Record<string, unknown>>((x) => typeof x === 'object' && x !== null && !Array.isArray(x), 'validation.invalidInput'),
  v.object({ comment: optionalComment }, 'validation.required'),
);

/** The worker's answer to an administrator's correction: which revision, and a comment when rejecting. */
export const CorrectionAnswerInput = v.pipe(
  v.object(
    {
      revision: v.pipe(v.union([v.number(), v.pipe(v.string(), v.transform(Number))], 'validation.required'), v.number('validation.required'), v.integer('validation.required'), v.minValue(1, 'validation.required')),
      answer: v.picklist(['accepted', 'rejected'], 'validation.required'),
      comment: optionalComment,
    },
    'validation.required',
  ),
  v.forward(
    v.check((d) => d.answer !== 'rejected' || d.comment !== '', 'corrections.commentRequired'),
    ['comment'],
  ),
);
export type CorrectionAnswerInput = v.InferOutput<typeof CorrectionAnswerInput>;
