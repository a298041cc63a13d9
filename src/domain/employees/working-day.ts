import * as v from 'valibot';

/**
 * Working-day type and social security number of an employee, as the draft Royal Decree on the
 * digital working-time record asks the monthly record to show them (issue 18.8, decision 035).
 */
export const WORKING_DAY_TYPES = ['full-time', 'part-time'] as const;
export type WorkingDayType = (typeof WORKING_DAY_TYPES)[number];

/** Each working day type's label key. */
export const WORKING_DAY_LABELS: Readonly<Record<WorkingDayType, string>> = {
  'full-time': 'employees.workingDay.full-time',
  'part-time': 'employees.workingDay.part-time',
};

/**
 * A Spanish social security number (NAF, número de afiliación): 12 digits — 2 of province, 8 of
 * number, 2 of control — typed with or without separators (spaces, dots, hyphens, slashes).
 * Checked loosely on purpose: the digits only, not the control digits, so a number copied from
 * any payslip layout is accepted; the record prints exactly what the company keeps.
 */
const SSN_SEPARATORS = /[\s./-]/g;
export function normalizeSocialSecurityNumber(input: string): string | null {
  const digits = input.replace(SSN_SEPARATORS, '');
  return /^\d{12}$/.test(digits) ? digits : null;
}

/** `281234567840` → `28/12345678/40`, the layout of the social security card. */
export function formatSocialSecurityNumber(stored: string | null): string {
  if (!stored) return '';
  return /^\d{12}$/.test(stored) ? `${stored.slice(0, 2)}/${stored.slice(2, 10)}/${stored.slice(10)}` : stored;
}

/** Optional SSN field: empty is none (null); anything else must be 12 digits, stored without separators. */
export const socialSecurityNumberField = v.optional(
  v.nullable(
    v.pipe(
      v.string('employees.ssnFormat'),
      v.trim(),
      v.transform((s) => (s === '' ? null : s)),
      v.nullable(
        v.pipe(
          v.string(),
          v.check((s) => normalizeSocialSecurityNumber(s) !== null, 'employees.ssnFormat'),
          v.transform((s) => normalizeSocialSecurityNumber(s)!),
        ),
      ),
    ),
  ),
  null,
);

export const workingDayTypeField = v.optional(v.picklist(WORKING_DAY_TYPES, 'validation.invalidInput'), 'full-time');

/** Percentage as sent by a form (a string) or the API (a number); empty is none. */
export const partTimePercentField = v.optional(
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
        'employees.partTimePercentRange',
      ),
      v.nullable(v.pipe(v.number('employees.partTimePercentRange'), v.integer('employees.partTimePercentRange'), v.minValue(1, 'employees.partTimePercentRange'), v.maxValue(99, 'employees.partTimePercentRange'))),
    ),
  ),
  null,
);

/**
 * The rule between the two fields: part time needs its percentage (1–99); full time has none
 * (a percentage sent with full time is dropped). Returns the field problems (i18n keys) and the
 * values to store.
 */
export function workingDayProblems(value: { workingDayType: WorkingDayType; partTimePercent: number | null }): Record<string, string> {
  if (value.workingDayType === 'part-time' && value.partTimePercent === null) return { partTimePercent: 'employees.partTimePercentRequired' };
  return {};
}

export function storedPartTimePercent(value: { workingDayType: WorkingDayType; partTimePercent: number | null }): number | null {
  return value.workingDayType === 'part-time' ? value.partTimePercent : null;
}

/** The record's label: "Full time" / "Part time (50 %)" as i18n key and parameters. */
export function workingDayLabel(value: { workingDayType: WorkingDayType; partTimePercent: number | null }): { key: string; params?: Record<string, unknown> } {
  return value.workingDayType === 'part-time' && value.partTimePercent !== null
    ? { key: 'employees.workingDay.partTimeWith', params: { percent: value.partTimePercent } }
    : { key: value.workingDayType === 'part-time' ? 'employees.workingDay.part-time' : 'employees.workingDay.full-time' };
}
