import * as v from 'valibot';
import { passwordProblems } from './password-rules.ts';
import { firstRunZoneFields } from '../settings/first-run-zone.ts';
import { taxId, taxIdFitsCountry } from '../org/org-schemas.ts';

/**
 * Input schemas for sign-in and first-run sign-up, shared by the islands and the server.
 * Messages are i18n keys; the edge translates them.
 */

const email = v.pipe(v.string('validation.required'), v.trim(), v.nonEmpty('validation.required'), v.maxLength(254, 'validation.invalidEmail'), v.email('validation.invalidEmail'), v.toLowerCase());

const requiredText = (max: number) => v.pipe(v.string('validation.required'), v.trim(), v.nonEmpty('validation.required'), v.maxLength(max, 'validation.tooLong'));

export const strongPassword = v.pipe(
  v.string('validation.required'),
  v.nonEmpty('validation.required'),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const [first] = passwordProblems(dataset.value);
    if (first) addIssue({ message: first });
  }),
);

export const SignInSchema = v.object(
  {
    email,
    password: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.maxLength(256, 'validation.tooLong')),
  },
  'validation.required',
);
export type SignInInput = v.InferOutput<typeof SignInSchema>;

/**
 * First-run sign-up. Every field is checked in one pass, so the form shows all its errors at once
 * (issue 17, point 8); `confirmPassword` is checked when sent (the form sends it; API clients may
 * leave it out), `country` and `timezone` are saved in the settings (issue 17, point 1). The
 * company's tax ID is optional; in Spain its check character must match (issue 37.5).
 */
export const SignUpSchema = v.pipe(
  v.object(
    {
      company: requiredText(120),
      taxId,
      full_name: requiredText(120),
      email,
      password: strongPassword,
      confirmPassword: v.optional(v.string('validation.required')),
      ...firstRunZoneFields,
      demo: v.optional(v.boolean(), false),
    },
    'validation.required',
  ),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.confirmPassword === undefined || input.password === input.confirmPassword, 'password.mismatch'),
    ['confirmPassword'],
  ),
  v.forward(
    v.partialCheck([['taxId'], ['country']], (input) => input.taxId === null || taxIdFitsCountry(input.taxId, input.country ?? ''), 'companies.taxIdSpain'),
    ['taxId'],
  ),
);
export type SignUpInput = v.InferOutput<typeof SignUpSchema>;

export const ChangePasswordSchema = v.pipe(
  v.object(
    {
      currentPassword: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required')),
      newPassword: strongPassword,
      confirmPassword: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required')),
    },
    'validation.required',
  ),
  v.forward(
    v.partialCheck([['newPassword'], ['confirmPassword']], (input) => input.newPassword === input.confirmPassword, 'password.mismatch'),
    ['confirmPassword'],
  ),
);
export type ChangePasswordInput = v.InferOutput<typeof ChangePasswordSchema>;

const MESSAGE_KEY = /^[a-z][A-Za-z]*\.[A-Za-z]+$/;

/**
 * Flattens valibot issues into `{ field: messageKey }`, first issue per field. A message that is
 * not an i18n key (a library default) becomes the generic invalid-input key, never English text.
 */
export function issuesToFieldKeys(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? '_';
    out[field] ??= MESSAGE_KEY.test(issue.message) ? issue.message : 'validation.invalidInput';
  }
  return out;
}
