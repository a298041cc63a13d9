import * as v from 'valibot';
import { PROOF_OF_PLACE_MODES } from '../../clock/proof-of-place.ts';
import { HOLIDAY_SOURCES, HolidayImportInput, PLANNED_STATUSES } from '../../holidays/holiday-import.ts';
import { CompanyInput, DepartmentInput, HolidayInput, JobTitleInput, LEAVE_GROUP_STATUSES, LeaveGroupInput, LeaveTypeInput } from '../../org/org-schemas.ts';
import { contract, listOf, listQuery, MessageAnswer, queryId, queryInteger, readOf, savedOf } from '../contract.ts';

/**
 * The organisation's collections (spec section 2): companies, departments, job titles, leave
 * types, leave groups and company holidays, served by the shared CRUD endpoints
 * (`src/server/http/crud-endpoints.ts`), and the public holiday import (decision 053).
 */

const count = (what: string) => v.pipe(v.number(), v.description(what));

/** A company (`CompanyDto`). */
export const CompanyRecord = v.object({
  _id: v.number(),
  name: v.string(),
  taxId: v.pipe(v.nullable(v.string()), v.description('CIF/NIF, no separators; null when not given (decision 035).')),
  contributionAccountCode: v.pipe(v.nullable(v.string()), v.description('Contribution account code (CCC), 11 digits; null when not given.')),
  personalClock: v.pipe(v.boolean(), v.description('Its workers may punch from their own session (decision 067).')),
  proofOfPlace: v.pipe(v.picklist(PROOF_OF_PLACE_MODES), v.description('Proof of place of personal punches (decision 068).')),
  positionRetentionDays: v.pipe(v.number(), v.description('Days a punch’s raw position is kept.')),
  workerOvertimeChoice: v.pipe(v.boolean(), v.description('Its workers choose paid or rest for a day’s overtime when they check out (decision 070).')),
  requireTwoFactor: v.pipe(v.boolean(), v.description('Its administrators must sign in with a second factor (decision 090).')),
  departments: count('How many departments it has.'),
  employees: count('How many employees it has.'),
  createdAt: v.string(),
});

/** A department (`DepartmentDto`). */
export const DepartmentRecord = v.object({
  _id: v.number(),
  name: v.string(),
  company: v.number(),
  companyName: v.string(),
  employees: count('How many employees it has.'),
  createdAt: v.string(),
});

/** A job title (`JobTitleDto`). */
export const JobTitleRecord = v.object({
  _id: v.number(),
  name: v.string(),
  department: v.number(),
  departmentName: v.string(),
  company: v.number(),
  companyName: v.string(),
  employees: count('How many employees hold it.'),
  createdAt: v.string(),
});

/** A leave type (`LeaveTypeDto`). */
export const LeaveTypeRecord = v.object({
  _id: v.number(),
  name: v.string(),
  company: v.number(),
  companyName: v.string(),
  daysPerYear: v.pipe(v.nullable(v.number()), v.description('Days granted a year; null = unlimited.')),
  accrualDaysPerMonth: v.pipe(v.nullable(v.number()), v.description('Days earned per month worked (decision 053); null = granted at once.')),
  carryOverMaxDays: v.pipe(v.nullable(v.number()), v.description('Most unused days carried into the next year; null = none.')),
  carryOverExpiry: v.pipe(v.nullable(v.string()), v.description('`MM-DD` the carried days lapse; null = they do not.')),
  drawsFromBalance: v.pipe(v.boolean(), v.description('Time off in lieu: drawn from the hours balance (decision 049).')),
  createdAt: v.string(),
});

/** A leave group (`LeaveGroupDto`). */
export const LeaveGroupRecord = v.object({
  _id: v.number(),
  name: v.string(),
  description: v.string(),
  status: v.picklist(LEAVE_GROUP_STATUSES),
  company: v.number(),
  companyName: v.string(),
  privilege: v.pipe(v.array(v.number()), v.description('Leave type ids the members may take.')),
  privilegeNames: v.pipe(v.array(v.string()), v.description('Their names, in the same order.')),
  employees: count('How many employees belong to it.'),
  createdAt: v.string(),
});

/** A company holiday (`HolidayDto`). */
export const HolidayRecord = v.object({
  _id: v.number(),
  name: v.string(),
  date: v.pipe(v.string(), v.description('YYYY-MM-DD.')),
  company: v.number(),
  companyName: v.string(),
  createdAt: v.string(),
});

/** A country or region the holiday import knows. */
const HolidayPlace = v.object({ code: v.string(), name: v.string() });

/** One public holiday of an import's preview. */
const PlannedHolidayRecord = v.object({
  date: v.string(),
  name: v.string(),
  source: v.pipe(v.picklist(HOLIDAY_SOURCES), v.description('The BOE’s national list, a community’s decree, a city’s own fiesta, or the `date-holidays` library (decision 074).')),
  status: v.pipe(v.picklist(PLANNED_STATUSES), v.description('`new`: will be written; `exists`: the company already has a holiday that day.')),
  existingName: v.pipe(v.nullable(v.string()), v.description('The name of the holiday already there (`exists`).')),
});

/** The five contracts of a collection served by the shared CRUD endpoints. */
function collection<R extends v.GenericSchema, B extends v.GenericSchema, Q extends v.ObjectEntries>(record: R, body: B, filters: Q) {
  return {
    list: contract({ query: v.object({ ...listQuery, ...filters }), answer: listOf(record) }),
    create: contract({ body, answer: savedOf(record), status: 201 }),
    read: contract({ answer: readOf(record) }),
    update: contract({ body, answer: savedOf(record) }),
    remove: contract({ summary: 'Delete (refused while in use)', answer: MessageAnswer, errors: [409] }),
  } as const;
}

const companies = collection(CompanyRecord, CompanyInput, {});
const departments = collection(DepartmentRecord, DepartmentInput, { company: v.optional(queryId) });
const jobTitles = collection(JobTitleRecord, JobTitleInput, { department: v.optional(queryId) });
const leaveTypes = collection(LeaveTypeRecord, LeaveTypeInput, { company: v.optional(queryId) });
const leaveGroups = collection(LeaveGroupRecord, LeaveGroupInput, { status: v.optional(v.picklist(LEAVE_GROUP_STATUSES)) });
const holidays = collection(HolidayRecord, HolidayInput, { year: v.optional(v.pipe(queryInteger, v.description('Only the holidays of this year.'))) });

export const ORG_CONTRACTS = {
  'GET /api/companies': companies.list,
  'POST /api/companies': companies.create,
  'GET /api/companies/{id}': companies.read,
  'PATCH /api/companies/{id}': companies.update,
  'DELETE /api/companies/{id}': companies.remove,
  'GET /api/departments': departments.list,
  'POST /api/departments': departments.create,
  'GET /api/departments/{id}': departments.read,
  'PATCH /api/departments/{id}': departments.update,
  'DELETE /api/departments/{id}': departments.remove,
  'GET /api/job-titles': jobTitles.list,
  'POST /api/job-titles': jobTitles.create,
  'GET /api/job-titles/{id}': jobTitles.read,
  'PATCH /api/job-titles/{id}': jobTitles.update,
  'DELETE /api/job-titles/{id}': jobTitles.remove,
  'GET /api/leave-types': leaveTypes.list,
  'POST /api/leave-types': leaveTypes.create,
  'GET /api/leave-types/{id}': leaveTypes.read,
  'PATCH /api/leave-types/{id}': leaveTypes.update,
  'DELETE /api/leave-types/{id}': leaveTypes.remove,
  'GET /api/leave-groups': leaveGroups.list,
  'POST /api/leave-groups': leaveGroups.create,
  'GET /api/leave-groups/{id}': leaveGroups.read,
  'PATCH /api/leave-groups/{id}': leaveGroups.update,
  'DELETE /api/leave-groups/{id}': leaveGroups.remove,
  'GET /api/holidays': holidays.list,
  'POST /api/holidays': holidays.create,
  'GET /api/holidays/{id}': holidays.read,
  'PATCH /api/holidays/{id}': holidays.update,
  'DELETE /api/holidays/{id}': holidays.remove,
  'GET /api/holidays/places': contract({
    summary: 'The countries and regions the public holiday import knows',
    query: v.object({ country: v.optional(v.pipe(v.string(), v.description('ISO 3166-1 alpha-2; the regions are this country’s (default ES).'))) }),
    answer: v.object({ country: v.string(), countries: v.array(HolidayPlace), regions: v.array(HolidayPlace) }),
  }),
  'GET /api/holidays/import': contract({
    summary: 'Preview a public holiday import: what it would write, nothing written',
    query: v.object({
      company: queryId,
      country: v.pipe(v.string(), v.description('ISO 3166-1 alpha-2.')),
      region: v.optional(v.pipe(v.string(), v.description('A region code of the country (`MD`); empty = the whole country only.'))),
      year: queryInteger,
    }),
    answer: v.object({ company: v.number(), country: v.string(), region: v.nullable(v.string()), year: v.number(), holidays: v.array(PlannedHolidayRecord) }),
  }),
  'POST /api/holidays/import': contract({
    summary: 'Import a year’s public holidays into a company’s calendar (decision 053)',
    body: HolidayImportInput,
    answer: v.object({
      imported: count('Holidays written.'),
      skipped: count('Days the company already had a holiday on.'),
      locked: count('Days left out because an employee of the company has that period approved (decision 051).'),
      message: v.string(),
    }),
  }),
} as const;
