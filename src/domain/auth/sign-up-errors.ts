import * as v from 'valibot';
import { issuesToFieldKeys, SignUpSchema } from './auth-schemas.ts';

/**
 * Every field's error of the sign-up form at once (issue 17, point 8): the shared schema's, plus
 * the required country and zone and a confirmation that differs, which the API leaves optional.
 */
export function signUpErrors(body: Record<string, unknown>): Record<string, string> {
  const result = v.safeParse(SignUpSchema, body);
  const errors = result.success ? {} : issuesToFieldKeys(result.issues);
  for (const field of ['country', 'timezone', 'confirmPassword']) if (!body[field]) errors[field] = 'validation.required';
  if (body['confirmPassword'] && body['password'] !== body['confirmPassword']) errors['confirmPassword'] = 'password.mismatch';
  return errors;
}
