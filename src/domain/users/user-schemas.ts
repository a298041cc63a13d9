import * as v from 'valibot';
import { strongPassword } from '../auth/auth-schemas.ts';
import { passwordProblems } from '../auth/password-rules.ts';
import { optionalRef } from '../forms/optional-ref.ts';

/**
 * Input of a user account (spec sections 3 and 5), shared by the user form and the server.
 * Messages are i18n keys. Create needs a password and its confirmation; on update an empty
 * password keeps the current one, and a given one follows the same rules.
 */
export const USER_STATUSES = ['enabled', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const ACCOUNT_TYPES = ['SuperAdmin', 'Admin', 'Employee'] as const;

const REQUIRED = 'validation.required';

/**
 * Whether an account of this type must belong to a company (issue 34, point 1): every Admin and
 * Employee account does, so what it creates (webhooks, terminals, inspection links) is that
 * company's and the company's SuperAdmin sees it. Only a SuperAdmin may stand above the companies.
 */
export function needsCompany(accountType: string): boolean {
  return accountType !== 'SuperAdmin';
}

/** One of a fixed list: missing says "required", anything else "choose one of the options". */
const choice = <T extends string>(options: readonly T[]) =>
  v.pipe(
    v.string(REQUIRED),
    v.nonEmpty(REQUIRED),
    v.check((s) => (options as readonly string[]).includes(s), 'users.invalidChoice'),
    v.transform((s) => s as T),
  );

const fields = {
  name: v.pipe(v.string(REQUIRED), v.trim(), v.nonEmpty(REQUIRED), v.maxLength(120, 'validation.tooLong')),
  email: v.pipe(v.string(REQUIRED), v.trim(), v.nonEmpty(REQUIRED), v.maxLength(254, 'validation.invalidEmail'), v.email('validation.invalidEmail'), v.toLowerCase()),
  role: v.pipe(optionalRef(REQUIRED), v.number(REQUIRED)),
  status: choice(USER_STATUSES),
  accountType: choice(ACCOUNT_TYPES),
  company: optionalRef(),
  employee: optionalRef(),
};

export const UserCreateInput = v.pipe(
  v.object(
    {
      ...fields,
      password: strongPassword,
      confirmPassword: v.pipe(v.string(REQUIRED), v.nonEmpty(REQUIRED)),
    },
    REQUIRED,
  ),
  /** An Employee account must name its employee record (the personal area shows that record). */
  v.forward(
    v.partialCheck([['accountType'], ['employee']], (input) => input.accountType !== 'Employee' || input.employee !== null, 'users.employeeRequired'),
    ['employee'],
  ),
  /** Admin and Employee accounts belong to a company (issue 34.1): what they manage is that company's. */
  v.forward(
    v.partialCheck([['accountType'], ['company']], (input) => !needsCompany(input.accountType) || input.company !== null, 'users.companyRequired'),
    ['company'],
  ),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, 'password.mismatch'),
    ['confirmPassword'],
  ),
);
export type UserCreateInput = v.InferOutput<typeof UserCreateInput>;

/** A password that may be left empty (keep the current one); otherwise the rules apply. */
const optionalNewPassword = v.pipe(
  v.optional(v.string(REQUIRED), ''),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value === '') return;
    const [first] = passwordProblems(dataset.value);
    if (first) addIssue({ message: first });
  }),
);

export const UserUpdateInput = v.pipe(
  v.object(
    {
      ...fields,
      password: optionalNewPassword,
      confirmPassword: v.optional(v.string(REQUIRED), ''),
    },
    REQUIRED,
  ),
  /** An Employee account must name its employee record (the personal area shows that record). */
  v.forward(
    v.partialCheck([['accountType'], ['employee']], (input) => input.accountType !== 'Employee' || input.employee !== null, 'users.employeeRequired'),
    ['employee'],
  ),
  /** Admin and Employee accounts belong to a company (issue 34.1): what they manage is that company's. */
  v.forward(
    v.partialCheck([['accountType'], ['company']], (input) => !needsCompany(input.accountType) || input.company !== null, 'users.companyRequired'),
    ['company'],
  ),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, 'password.mismatch'),
    ['confirmPassword'],
  ),
);
export type UserUpdateInput = v.InferOutput<typeof UserUpdateInput>;
