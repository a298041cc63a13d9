/**
 * Password policy of spec section 5: at least 8 characters with a number, a lowercase letter, an
 * uppercase letter and a special character. Each missing class has its own message key (the
 * original mixed them up; ours names exactly what is missing).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export type PasswordProblem = 'password.tooShort' | 'password.tooLong' | 'password.noNumber' | 'password.noLowercase' | 'password.noUppercase' | 'password.noSpecial';

/** The problems with a candidate password, in the order a user should fix them; empty when valid. */
export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push('password.tooShort');
  if (password.length > PASSWORD_MAX_LENGTH) problems.push('password.tooLong');
  if (!/\p{Nd}/u.test(password)) problems.push('password.noNumber');
  if (!/\p{Ll}/u.test(password)) problems.push('password.noLowercase');
  if (!/\p{Lu}/u.test(password)) problems.push('password.noUppercase');
  if (!/[^\p{L}\p{Nd}\s]/u.test(password)) problems.push('password.noSpecial');
  return problems;
}
