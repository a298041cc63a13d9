import * as v from 'valibot';
import { isEmailAddress } from './mail-settings.ts';

/** POST /api/settings/email/test: the address the test message goes to (decision 054). */
export const TestEmailInput = v.object({
  to: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.maxLength(254, 'validation.tooLong'),
    v.check((to: string) => isEmailAddress(to), 'validation.invalidEmail'),
  ),
});
export type TestEmailInput = v.InferOutput<typeof TestEmailInput>;
