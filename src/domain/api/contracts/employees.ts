import * as v from 'valibot';
import { ACCOUNT_STATUSES } from '../../accounts/account-links.ts';
import { EmployeeImportRequest } from '../../employees/csv-import.ts';
import { ConsentInput, EnrolPhotoInput, PhotoUploadInput } from '../../employees/employee-photos.ts';
import { CIVIL_STATUSES, EMPLOYEE_STATUSES, EmployeeArchiveInput, EmployeeCreateInput, EmployeeUpdateInput, EMPLOYMENT_TYPES, GENDERS, PERSONAL_CLOCK_OVERRIDES } from '../../employees/employee-schema.ts';
import { LegalHoldInput } from '../../retention/retention-rules.ts';
import { ComplementaryPactInput } from '../../worktime/complementary-schema.ts';
import { contract, listOf, listQuery, MessageAnswer, queryBoolean, queryChoice, queryId, readOf, savedOf } from '../contract.ts';

/** An employee as the API answers it (`EmployeeDto`): references as ids plus their names; never the PIN key. */
export const EmployeeRecord = v.object({
  _id: v.number(),
  firstName: v.string(),
  lastName: v.string(),
  fullName: v.string(),
  gender: v.pipe(v.union([v.picklist(GENDERS), v.literal('')]), v.description('Empty once the retention purge removed the person’s data (`purgedAt`).')),
  civilStatus: v.nullable(v.picklist(CIVIL_STATUSES)),
  height: v.nullable(v.number()),
  weight: v.nullable(v.number()),
  email: v.pipe(v.nullable(v.string()), v.description('Optional: a worker without a mailbox gets the printed invitation sheet.')),
  phone: v.nullable(v.string()),
  birthday: v.nullable(v.string()),
  nationalId: v.string(),
  placeOfBirth: v.nullable(v.string()),
  address: v.nullable(v.string()),
  image: v.pipe(v.nullable(v.string()), v.description('The id of the current photo (`/api/employees/{id}/photos/{photoId}/image`).')),
  company: v.number(),
  companyName: v.string(),
  department: v.number(),
  departmentName: v.string(),
  jobTitle: v.number(),
  jobTitleName: v.string(),
  leaveGroup: v.number(),
  leaveGroupName: v.string(),
  leavePrivilege: v.nullable(v.string()),
  companyEmail: v.nullable(v.string()),
  employmentType: v.picklist(EMPLOYMENT_TYPES),
  employmentStatus: v.nullable(v.string()),
  officialStartDate: v.nullable(v.string()),
  endDate: v.pipe(v.nullable(v.string()), v.description('Last day of employment; null = still employed.')),
  dateRegularized: v.nullable(v.string()),
  rfidCard: v.nullable(v.string()),
  status: v.picklist(EMPLOYEE_STATUSES),
  biometricConsentAt: v.nullable(v.string()),
  faceDescriptors: v.pipe(v.number(), v.description('How many face descriptors are stored (photos with face data).')),
  socialSecurityNumber: v.pipe(v.nullable(v.string()), v.description('12 digits, no separators.')),
  workingDayType: v.picklist(['full-time', 'part-time']),
  partTimePercent: v.nullable(v.number()),
  professionalCategory: v.nullable(v.string()),
  contractType: v.nullable(v.string()),
  personalClock: v.pipe(v.nullable(v.picklist(PERSONAL_CLOCK_OVERRIDES)), v.description('The personal clock against the company’s choice; null = as the company says.')),
  purgedAt: v.pipe(v.nullable(v.string()), v.description('When the retention purge removed this person’s data; null = not purged.')),
  createdAt: v.string(),
  updatedAt: v.string(),
  hoursBalanceSeconds: v.pipe(v.optional(v.nullable(v.number())), v.description('Hours balance in seconds, only in the list with `withBalance=1`; null without a recorded day.')),
  account: v.pipe(v.optional(v.picklist(ACCOUNT_STATUSES)), v.description('The worker’s account, only in the list with `withBalance=1`.')),
});

/** A create or update of an employee: a PIN the server made up is answered once. */
const EmployeeSaved = v.object({
  ...savedOf(EmployeeRecord).entries,
  generatedPin: v.pipe(v.optional(v.string()), v.description('The clock PIN the server generated, shown only this once.')),
});

/** One of an employee's photos; the face descriptor itself is never sent. */
export const EmployeePhotoRecord = v.object({
  _id: v.string(),
  url: v.string(),
  createdAt: v.string(),
  faceData: v.pipe(v.boolean(), v.description('A face descriptor was stored from this photo.')),
  current: v.pipe(v.boolean(), v.description('This is the employee’s current photo.')),
});

/** The recorded biometric consent: when and by whom. */
export const BiometricConsentRecord = v.object({ at: v.string(), by: v.nullable(v.number()), byName: v.nullable(v.string()) });

/** A legal hold (`LegalHoldView`): on one employee, or (employeeId null) on a whole company. */
export const LegalHoldRecord = v.object({
  id: v.number(),
  companyId: v.number(),
  companyName: v.string(),
  employeeId: v.pipe(v.nullable(v.number()), v.description('Null: the whole company.')),
  employeeName: v.nullable(v.string()),
  reason: v.string(),
  setBy: v.nullable(v.number()),
  setByName: v.nullable(v.string()),
  setAt: v.string(),
  releasedBy: v.nullable(v.number()),
  releasedByName: v.nullable(v.string()),
  releasedAt: v.pipe(v.nullable(v.string()), v.description('Null while the hold stands.')),
});

/** A pact of complementary hours (`ComplementaryPact`). */
export const ComplementaryPactRecord = v.object({
  id: v.number(),
  employeeId: v.number(),
  signedOn: v.string(),
  validFrom: v.string(),
  validTo: v.pipe(v.nullable(v.string()), v.description('Last day it applies (inclusive); null = open-ended.')),
  sharePercent: v.pipe(v.number(), v.description('1–60: share of the contract’s ordinary hours.')),
  collectiveAgreement: v.pipe(v.number(), v.minValue(0), v.maxValue(1), v.description('1: the collective agreement raises the limits; 0: not.')),
  createdAt: v.string(),
  authorId: v.nullable(v.number()),
});

const ImportCreated = v.pipe(
  v.object({ companies: v.array(v.string()), departments: v.array(v.string()), jobTitles: v.array(v.string()), leaveGroups: v.array(v.string()) }),
  v.description('Organisation records made (or, in a dry run, to be made) for names that did not exist.'),
);
const importCommon = { message: v.string(), createdRecords: ImportCreated, ignoredColumns: v.pipe(v.array(v.string()), v.description('Headers that name no employee field.')) };

export const EMPLOYEE_CONTRACTS = {
  'GET /api/employees': contract({
    summary: 'List the employees the account may read',
    query: v.object({
      ...listQuery,
      status: v.optional(v.picklist(EMPLOYEE_STATUSES)),
      department: v.optional(queryId),
      company: v.optional(queryId),
      jobTitle: v.optional(queryId),
      withBalance: v.pipe(v.optional(queryBoolean), v.description('`1`: each row also carries `hoursBalanceSeconds` and `account`.')),
    }),
    answer: listOf(EmployeeRecord),
  }),
  'POST /api/employees': contract({ summary: 'Create an employee', body: EmployeeCreateInput, answer: EmployeeSaved, status: 201, errors: [409] }),
  'GET /api/employees/{id}': contract({ answer: readOf(EmployeeRecord) }),
  'PATCH /api/employees/{id}': contract({ body: EmployeeUpdateInput, answer: EmployeeSaved, errors: [409] }),
  'DELETE /api/employees/{id}': contract({ answer: MessageAnswer, errors: [409] }),
  'POST /api/employees/{id}/archive': contract({
    summary: 'Archive (deletes face data) or restore (`archived: false`) an employee',
    body: EmployeeArchiveInput,
    answer: savedOf(EmployeeRecord),
    errors: [409],
  }),
  'POST /api/employees/import': contract({
    summary: 'Import employees from CSV; `dryRun` only checks (nothing is written). A refused file answers 422 with `problemCount` and `rows`.',
    body: EmployeeImportRequest,
    answer: v.union([v.object({ ...importCommon, created: v.number() }), v.object({ ...importCommon, valid: v.pipe(v.number(), v.description('Rows ready to import (dry run).')) })]),
    status: 201,
    errors: [413],
  }),
  'GET /api/employees/import-template': contract({
    summary: 'The CSV template of the employee import',
    query: v.object({ lang: v.optional(queryChoice(['es', 'en'])) }),
    files: ['text/csv'],
  }),
  'DELETE /api/employees/{id}/invitation': contract({ summary: 'Revoke the employee’s unused invitation', answer: MessageAnswer }),
  'GET /api/employees/{id}/photos': contract({
    summary: 'The employee’s photos and recorded biometric consent (never descriptors)',
    answer: v.object({
      data: v.array(EmployeePhotoRecord),
      consent: v.nullable(BiometricConsentRecord),
      faceDescriptors: v.pipe(v.number(), v.description('How many face descriptors the employee has.')),
    }),
  }),
  'POST /api/employees/{id}/photos': contract({
    summary: 'Add a photo (and, asked to enrol, its face data computed by the server, with consent)',
    body: PhotoUploadInput,
    answer: v.object({
      data: EmployeePhotoRecord,
      message: v.string(),
      notice: v.pipe(v.optional(v.string()), v.description('Why face data asked for was not stored.')),
    }),
    status: 201,
    errors: [409, 413, 503],
  }),
  'DELETE /api/employees/{id}/photos/{id}': contract({
    summary: 'Remove a photo and the face descriptor computed from it',
    answer: v.object({ data: v.object({ faceDescriptorsDeleted: v.number() }), message: v.string() }),
  }),
  'GET /api/employees/{id}/photos/{id}/image': contract({ summary: 'The photo itself', files: ['image/jpeg', 'image/png', 'image/webp'] }),
  'PUT /api/employees/{id}/photos/{id}/descriptor': contract({
    summary: 'Compute and store the face data of a photo on file (needs recorded consent)',
    body: EnrolPhotoInput,
    answer: MessageAnswer,
    errors: [409, 503],
  }),
  'PUT /api/employees/{id}/consent': contract({
    summary: 'Record or withdraw (deletes face data) biometric consent',
    body: ConsentInput,
    answer: v.object({ data: v.object({ consent: v.nullable(BiometricConsentRecord), faceDescriptorsDeleted: v.number() }), message: v.string() }),
    errors: [409],
  }),
  'GET /api/employees/{id}/legal-holds': contract({ summary: 'The legal holds covering the employee: theirs and their company’s', answer: listOf(LegalHoldRecord) }),
  'POST /api/employees/{id}/legal-holds': contract({ summary: 'Place a legal hold on the employee', body: LegalHoldInput, answer: savedOf(LegalHoldRecord), status: 201 }),
  'POST /api/employees/{id}/complementary-pacts': contract({
    summary: 'Record the employee’s pact of complementary hours',
    body: ComplementaryPactInput,
    answer: savedOf(ComplementaryPactRecord),
    status: 201,
    errors: [409],
  }),
} as const;
