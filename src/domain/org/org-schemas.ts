import { DEFAULT_POSITION_RETENTION_DAYS, MAX_POSITION_RETENTION_DAYS, PROOF_OF_PLACE_MODES } from '../clock/proof-of-place.ts';
import * as v from 'valibot';
import { isValidSpanishTaxId } from './spanish-tax-id.ts';

/**
 * Input of the organisation tables (spec section 3), shared by the forms and the server.
 * Empty fields answer "Please fill out all fields" (spec section 5).
 */
const FILL = 'validation.fillAllFields';

const text = (max: number) => v.pipe(v.string(FILL), v.trim(), v.nonEmpty(FILL), v.maxLength(max, 'validation.tooLong'));

/** An id from a select: a positive integer, also accepted as a numeric string; `message` when missing. */
export const idRefWith = (message: string) =>
  v.pipe(v.union([v.number(message), v.pipe(v.string(message), v.nonEmpty(message), v.transform(Number))], message), v.number(message), v.integer(message), v.minValue(1, message));
export const idRef = idRefWith(FILL);

/**
 * The company's tax ID (CIF/NIF in Spain, NIPC in Portugal), printed on the monthly record
 * (decision 035): optional; typed with or without spaces, dots or hyphens, kept as 8–15 capital
 * letters and digits. The shape fits any country's number; where the instance's country is Spain
 * the check character is checked too (`taxIdFitsCountry`, issue 37.5), by the server with the
 * stored country and by sign-up with the chosen one.
 */
export function normalizeTaxId(input: string): string | null {
  const compact = input.replace(/[\s.-]/g, '').toUpperCase();
  return /^[A-Z0-9]{8,15}$/.test(compact) ? compact : null;
}
export const taxId = v.optional(
  v.nullable(
    v.pipe(
      v.string('companies.taxIdFormat'),
      v.trim(),
      v.transform((s) => (s === '' ? null : s)),
      v.nullable(
        v.pipe(
          v.string(),
          v.check((s) => normalizeTaxId(s) !== null, 'companies.taxIdFormat'),
          v.transform((s) => normalizeTaxId(s)!),
        ),
      ),
    ),
  ),
  null,
);

/** A normalized tax ID fits the instance's country: Spain checks its NIF/NIE/CIF control character. */
export function taxIdFitsCountry(taxId: string, country: string): boolean {
  return country !== 'ES' || isValidSpanishTaxId(taxId);
}

/**
 * The company's contribution account code with Spain's Social Security (código de cuenta de
 * cotización, CCC), for the payroll export (issue 33.7): optional; typed with or without spaces,
 * slashes or hyphens, kept as its 11 digits: province (2), number (7), control (2) = the first
 * nine as a number modulo 97.
 */
export function normalizeContributionAccountCode(input: string): string | null {
  const digits = input.replace(/[\s./-]/g, '');
  if (!/^\d{11}$/.test(digits)) return null;
  return Number(digits.slice(0, 9)) % 97 === Number(digits.slice(9)) ? digits : null;
}
const contributionAccountCode = v.optional(
  v.nullable(
    v.pipe(
      v.string('companies.cccFormat'),
      v.trim(),
      v.transform((s) => (s === '' ? null : s)),
      v.nullable(
        v.pipe(
          v.string(),
          v.check((s) => normalizeContributionAccountCode(s) !== null, 'companies.cccFormat'),
          v.transform((s) => normalizeContributionAccountCode(s)!),
        ),
      ),
    ),
  ),
  null,
);

/** A form's 'true'/'false' or a boolean; absent = false. */
const flag = v.optional(
  v.union(
    [
      v.boolean(),
      v.pipe(
        v.picklist(['true', 'false'], FILL),
        v.transform((s) => s === 'true'),
      ),
    ],
    FILL,
  ),
  false,
);

/** Proof of place of personal punches (decision 068): off unless given. */
const proofOfPlace = v.optional(v.picklist(PROOF_OF_PLACE_MODES, 'validation.invalidInput'), 'off');
/** Days a punch's raw position is kept: 90 unless given, 1 to 365 (decision 068). */
const positionRetentionDays = v.optional(
  v.pipe(
    v.union([v.number('proofOfPlace.retentionRange'), v.pipe(v.string('proofOfPlace.retentionRange'), v.trim(), v.nonEmpty('proofOfPlace.retentionRange'), v.transform(Number))], 'proofOfPlace.retentionRange'),
    v.number('proofOfPlace.retentionRange'),
    v.integer('proofOfPlace.retentionRange'),
    v.minValue(1, 'proofOfPlace.retentionRange'),
    v.maxValue(MAX_POSITION_RETENTION_DAYS, 'proofOfPlace.retentionRange'),
  ),
  DEFAULT_POSITION_RETENTION_DAYS,
);

/**
 * `personalClock`: the company's workers may punch from their own session (decision 067);
 * `workerOvertimeChoice`: they choose paid or rest for a day's overtime at check-out (decision 070);
 * `requireTwoFactor`: its administrators must sign in with a second factor (decision 090). All off unless given.
 */
export const CompanyInput = v.object({ name: text(120), taxId, contributionAccountCode, personalClock: flag, proofOfPlace, positionRetentionDays, workerOvertimeChoice: flag, requireTwoFactor: flag }, FILL);
export type CompanyInput = v.InferOutput<typeof CompanyInput>;

export const DepartmentInput = v.object({ name: text(120), company: idRef }, FILL);
export type DepartmentInput = v.InferOutput<typeof DepartmentInput>;

export const JobTitleInput = v.object({ name: text(120), department: idRef, company: idRef }, FILL);
export type JobTitleInput = v.InferOutput<typeof JobTitleInput>;

/** An optional number of days in [0, max]: typed or as a string; empty or null = none. */
const optionalDays = (max: number, range: string) =>
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
        v.nullable(v.pipe(v.number('validation.invalidNumber'), v.minValue(0, range), v.maxValue(max, range))),
      ),
    ),
    null,
  );

/** `MM-DD` of a day that exists in some year (29 February included). */
export function isMonthDay(s: string): boolean {
  const m = /^(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const month = Number(m[1]);
  const day = Number(m[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(2024, month, 0)).getUTCDate();
}

/**
 * `daysPerYear`: yearly allowance; empty or null means unlimited. Decision 053: `accrualDaysPerMonth`
 * (days earned per month worked, up to 31), `carryOverMaxDays` (unused days passed to the next
 * year) and `carryOverExpiry` (`MM-DD` of the next year when they lapse; empty = never).
 */
export const LeaveTypeInput = v.object(
  {
    name: text(120),
    company: idRef,
    daysPerYear: optionalDays(366, 'validation.daysRange'),
    accrualDaysPerMonth: optionalDays(31, 'leave.accrualRange'),
    carryOverMaxDays: optionalDays(366, 'validation.daysRange'),
    carryOverExpiry: v.optional(
      v.nullable(
        v.pipe(
          v.string('leave.expiryFormat'),
          v.trim(),
          v.transform((s) => (s === '' ? null : s)),
          v.nullable(v.pipe(v.string(), v.check(isMonthDay, 'leave.expiryFormat'))),
        ),
      ),
      null,
    ),
    /** Time off in lieu (decision 049): a form's 'true'/'false' or a boolean; absent = false. */
    drawsFromBalance: v.optional(
      v.union(
        [
          v.boolean(),
          v.pipe(
            v.picklist(['true', 'false'], FILL),
            v.transform((s) => s === 'true'),
          ),
        ],
        FILL,
      ),
      false,
    ),
  },
  FILL,
);
export type LeaveTypeInput = v.InferOutput<typeof LeaveTypeInput>;

/** A leave type granted up front, nothing carried over (the defaults and the demo). */
export const NO_ACCRUAL = { accrualDaysPerMonth: null, carryOverMaxDays: null, carryOverExpiry: null } as const;

export const LEAVE_GROUP_STATUSES = ['active', 'disabled'] as const;

export const LeaveGroupInput = v.object(
  {
    name: text(120),
    description: text(500),
    privilege: v.pipe(v.array(idRef, FILL), v.minLength(1, FILL), v.maxLength(100, 'validation.tooLong')),
    status: v.picklist(LEAVE_GROUP_STATUSES, FILL),
    company: idRef,
  },
  FILL,
);
export type LeaveGroupInput = v.InferOutput<typeof LeaveGroupInput>;

/** A company holiday: a named day off for the whole company. */
export const HolidayInput = v.object(
  {
    name: text(120),
    date: v.pipe(
      v.string(FILL),
      v.trim(),
      v.nonEmpty(FILL),
      v.regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalidDate'),
      v.check((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'validation.invalidDate'),
    ),
    company: idRef,
  },
  FILL,
);
export type HolidayInput = v.InferOutput<typeof HolidayInput>;
