import * as v from 'valibot';
import { issuesToFieldKeys } from '#domain/auth/auth-schemas.ts';
import type { EmployeeCreateInput, EmployeeUpdateInput } from '#domain/employees/employee-schema.ts';
import { storedPartTimePercent } from '#domain/employees/working-day.ts';
import { pinKey } from '../../auth/pin-key.ts';
import type { Db } from '../../db/connection.ts';
import { findEmployeePinKey, pinKeyInUse, rfidCardInUse } from '../../db/repositories/employees.ts';
import { findDepartmentCompany } from '../../db/repositories/org/departments.ts';
import { findJobTitleDepartment } from '../../db/repositories/org/job-titles.ts';
import { findLeaveGroupCompany } from '../../db/repositories/org/leave-groups.ts';
import { exists } from '../../db/repositories/org/references.ts';
import { AppError } from '../../http/app-error.ts';
import { employeeEmailColumn } from '../../db/stored-formats.ts';

/** Validates with a schema: 422 with per-field keys (spec message texts) when it fails. */
export function validateEmployee<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new AppError('validation.invalidInput', 422, {}, issuesToFieldKeys(result.issues));
  return result.output;
}

/**
 * Cross-record rules: the department, job title and leave group belong to the chosen company (and
 * the job title to the department); the PIN is unique within the company and the badge unique.
 * Throws 422 naming each field.
 */
export async function checkEmployeeReferences(db: Db, input: EmployeeCreateInput | EmployeeUpdateInput, selfId: number | null): Promise<{ pinKey: string | undefined }> {
  const problems: Record<string, string> = {};
  if (!(await exists(db, 'companies', input.company))) problems['company'] = 'validation.unknownRecord';
  const department = await findDepartmentCompany(db, input.department);
  if (!department) problems['department'] = 'validation.unknownRecord';
  else if (department.companyId !== input.company) problems['department'] = 'validation.departmentNotInCompany';
  const jobTitle = await findJobTitleDepartment(db, input.jobTitle);
  if (!jobTitle) problems['jobTitle'] = 'validation.unknownRecord';
  else if (jobTitle.departmentId !== input.department) problems['jobTitle'] = 'employees.jobTitleNotInDepartment';
  const group = await findLeaveGroupCompany(db, input.leaveGroup);
  if (!group) problems['leaveGroup'] = 'validation.unknownRecord';
  else if (group.companyId !== input.company) problems['leaveGroup'] = 'employees.leaveGroupNotInCompany';

  const key = input.pin ? pinKey(input.pin) : undefined;
  if (key) {
    if (await pinKeyInUse(db, input.company, key, selfId)) problems['pin'] = 'employees.pinTaken';
  } else if (selfId !== null) {
    // Keeping the PIN while moving to another company: it must be free there too.
    const own = await findEmployeePinKey(db, selfId);
    if (own && own.companyId !== input.company) {
      if (await pinKeyInUse(db, input.company, own.pinKey)) problems['pin'] = 'employees.pinTaken';
    }
  }
  if (input.rfidCard) {
    if (await rfidCardInUse(db, input.rfidCard, selfId)) problems['rfidCard'] = 'employees.rfidTaken';
  }
  if (Object.keys(problems).length > 0) throw new AppError('validation.invalidInput', 422, {}, problems);
  return { pinKey: key };
}

/** Columns shared by create and update. */
export function employeeColumns(input: EmployeeCreateInput | EmployeeUpdateInput) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    gender: input.gender,
    civilStatus: input.civilStatus,
    height: input.height,
    weight: input.weight,
    email: employeeEmailColumn(input.email),
    phone: input.phone,
    birthday: input.birthday,
    nationalId: input.nationalId,
    placeOfBirth: input.placeOfBirth,
    address: input.address,
    companyId: input.company,
    departmentId: input.department,
    jobTitleId: input.jobTitle,
    leaveGroupId: input.leaveGroup,
    leavePrivilege: input.leavePrivilege,
    companyEmail: input.companyEmail,
    employmentType: input.employmentType,
    employmentStatus: input.employmentStatus,
    officialStartDate: input.officialStartDate,
    endDate: input.endDate,
    dateRegularized: input.dateRegularized,
    rfidCard: input.rfidCard,
    status: input.status,
    socialSecurityNumber: input.socialSecurityNumber,
    workingDayType: input.workingDayType,
    partTimePercent: storedPartTimePercent(input),
    professionalCategory: input.professionalCategory,
    contractType: input.contractType,
    personalClock: input.personalClock,
  };
}

/** What the audit log keeps of an input: everything but the PIN. */
export function auditable(input: EmployeeCreateInput | EmployeeUpdateInput) {
  const { pin: _pin, ...rest } = input;
  return rest;
}
