import * as v from 'valibot';

/** A message to the installation's SuperAdmin (POST /api/feedback). */
export const FeedbackInput = v.object({ message: v.pipe(v.string('validation.required'), v.trim(), v.nonEmpty('validation.required'), v.maxLength(5000, 'validation.tooLong')) }, 'validation.required');
