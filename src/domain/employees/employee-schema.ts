import * as v from 'valibot';
import { idRefWith } from '../org/org-schemas.ts';
import { partTimePercentField, socialSecurityNumberField, workingDayProblems, workingDayTypeField } from './working-day.ts';

/** An employee's personal clock override (decision 067); none = as the company says. */
export const PERSONAL_CLOCK_OVERRIDES = ['allowed', 'denied'] as const;

/**
 * Employee input (spec sections 3 and 5), shared by the form and the server. Message values are
 * i18n keys. `pin` is required when creating and optional when editing (empty = keep).
 */
export const GENDERS = ['female', 'male', 'other'] as const;
export const CIVIL_STATUSES = ['single', 'married', 'partner', 'divorced', 'widowed'] as const;
export const EMPLOYMENT_TYPES = ['regular', 'trainee'] as const;
export const EMPLOYEE_STATUSES = ['active', 'archived'] as const;

const REQUIRED = 'validation.required';
const required = (max: number) => v.pipe(v.string(REQUIRED), v.trim(), v.nonEmpty(REQUIRED), v.maxLength(max, 'validation.tooLong'));
/** Optional text: empty becomes null. */
const optionalText = (max: number) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(max, 'validation.tooLong'),
        v.transform((s) => (s === '' ? null : s)),
      ),
    ),
    null,
  );
/** Optional since issue 37 (a baker without a mailbox): empty becomes null. */
const email = v.optional(
  v.nullable(
    v.pipe(
      v.string('validation.invalidEmail'),
      v.trim(),
      v.maxLength(254, 'validation.invalidEmail'),
      v.toLowerCase(),
      v.transform((s) => (s === '' ? null : s)),
      v.nullable(v.pipe(v.string(), v.email('validation.invalidEmail'))),
    ),
  ),
  null,
);
const isoDate = v.pipe(
  v.string('validation.invalidDate'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalidDate'),
  v.check((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'validation.invalidDate'),
);
const optionalDate = v.optional(
  v.nullable(
    v.union(
      [
        v.pipe(
          v.literal(''),
          v.transform(() => null),
        ),
        isoDate,
      ],
      'validation.invalidDate',
    ),
  ),
  null,
);
const optionalMeasure = (max: number) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.union(
          [
            v.number(),
            v.pipe(
              v.string(),
              v.trim(),
              v.transform((s) => (s === '' ? null : Number(s))),
            ),
          ],
          'validation.invalidNumber',
        ),
        v.nullable(v.pipe(v.number('validation.invalidNumber'), v.minValue(1, 'validation.invalidNumber'), v.maxValue(max, 'validation.invalidNumber'))),
      ),
    ),
    null,
  );

export const PIN_PATTERN = /^\d{6,10}$/;
const pin = v.pipe(v.string(REQUIRED), v.trim(), v.nonEmpty(REQUIRED), v.regex(PIN_PATTERN, 'employees.pinFormat'));

const fields = {
  firstName: required(80),
  lastName: required(120),
  gender: v.picklist(GENDERS, REQUIRED),
  civilStatus: v.optional(
    v.nullable(
      v.union(
        [
          v.pipe(
            v.literal(''),
            v.transform(() => null),
          ),
          v.picklist(CIVIL_STATUSES),
        ],
        'validation.invalidInput',
      ),
    ),
    null,
  ),
  height: optionalMeasure(260),
  weight: optionalMeasure(400),
  email,
  phone: optionalText(40),
  birthday: optionalDate,
  nationalId: required(40),
  placeOfBirth: optionalText(120),
  address: optionalText(300),
  // Each select says what is missing (issue 37), not the generic "fill all fields".
  company: idRefWith('employees.chooseCompany'),
  department: idRefWith('employees.chooseDepartment'),
  jobTitle: idRefWith('employees.chooseJobTitle'),
  leaveGroup: idRefWith('employees.chooseLeaveGroup'),
  leavePrivilege: optionalText(200),
  companyEmail: v.optional(
    v.nullable(
      v.union(
        [
          v.pipe(
            v.literal(''),
            v.transform(() => null),
          ),
          v.pipe(v.string(), v.trim(), v.email('validation.invalidEmail'), v.toLowerCase()),
        ],
        'validation.invalidEmail',
      ),
    ),
    null,
  ),
  employmentType: v.picklist(EMPLOYMENT_TYPES, REQUIRED),
  employmentStatus: optionalText(80),
  officialStartDate: optionalDate,
  /** Last day of employment (a leaver): prorates the leave allowance (decision 053). */
  endDate: optionalDate,
  dateRegularized: optionalDate,
  rfidCard: optionalText(64),
  status: v.optional(v.picklist(EMPLOYEE_STATUSES, REQUIRED), 'active'),
  // The record's content the draft Royal Decree asks for (decision 035); optional, full time by default.
  socialSecurityNumber: socialSecurityNumberField,
  workingDayType: workingDayTypeField,
  partTimePercent: partTimePercentField,
  // For the payroll bureau (issue 33.7, decision 052): as the company names them; optional.
  professionalCategory: optionalText(120),
  contractType: optionalText(120),
  /** The personal clock against the company's choice (decision 067): 'allowed', 'denied', or empty/null = as the company says. */
  personalClock: v.optional(
    v.union(
      [
        v.null(),
        v.pipe(
          v.literal(''),
          v.transform(() => null),
        ),
        v.picklist(PERSONAL_CLOCK_OVERRIDES),
      ],
      'validation.invalidInput',
    ),
    null,
  ),
};

/** Part time needs its percentage: an issue on `partTimePercent` (working-day.ts). */
const withWorkingDayRule = <S extends v.GenericSchema<unknown, { workingDayType: 'full-time' | 'part-time'; partTimePercent: number | null; officialStartDate: string | null; endDate: string | null }>>(schema: S) =>
  v.pipe(
    schema,
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const problems: Record<string, string> = { ...workingDayProblems(dataset.value) };
      // A leaver's last day comes on or after their first (decision 053).
      const { officialStartDate: start, endDate: end } = dataset.value;
      if (start && end && end < start) problems['endDate'] = 'employees.endBeforeStart';
      for (const [field, message] of Object.entries(problems)) {
        addIssue({
          message,
          path: [{ type: 'object', origin: 'value', input: dataset.value as Record<string, unknown>, key: field, value: (dataset.value as Record<string, unknown>)[field] }],
        });
      }
    }),
  );

export const EmployeeCreateInput = withWorkingDayRule(v.object({ ...fields, pin }, REQUIRED));
export type EmployeeCreateInput = v.InferOutput<typeof EmployeeCreateInput>;

export const EmployeeUpdateInput = withWorkingDayRule(
  v.object(
    {
      ...fields,
      pin: v.optional(
        v.union(
          [
            v.pipe(
              v.literal(''),
              v.transform(() => undefined),
            ),
            pin,
          ],
          'employees.pinFormat',
        ),
      ),
      /**
       * From which date a change of the contract terms (working-day type, part-time percentage)
       * applies, until the next change (issue 33 point 1); empty or left out: today in the
       * company's zone. Ignored when the terms do not change.
       */
      contractEffectiveFrom: v.optional(
        v.pipe(
          v.nullable(
            v.union(
              [
                v.pipe(
                  v.literal(''),
                  v.transform(() => null),
                ),
                isoDate,
              ],
              'validation.invalidDate',
            ),
          ),
          v.description(
            'YYYY-MM-DD from which a change of workingDayType or partTimePercent applies, until the next change; earlier days keep the previous terms. ' +
              "Default: today in the company time zone. A date in or before one of the employee's approved periods is refused with 409 periods.locked.",
          ),
        ),
        null,
      ),
    },
    REQUIRED,
  ),
);
export type EmployeeUpdateInput = v.InferOutput<typeof EmployeeUpdateInput>;

/** `POST /api/employees/{id}/archive`: archive (the default) or restore (`archived: false`). */
export const EmployeeArchiveInput = v.object({ archived: v.optional(v.boolean('validation.invalidInput'), true) }, 'validation.invalidInput');
