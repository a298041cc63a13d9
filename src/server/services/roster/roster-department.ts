import * as v from 'valibot';
import { issuesToFieldKeys } from '#domain/auth/auth-schemas.ts';
import type { Db } from '../../db/connection.ts';
import { findRosterDepartment, findRosterEmployee, type RosterDepartmentRow } from '../../db/repositories/roster-grid.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { requireWriteKind } from '../record-guard.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { managesCompanyRow } from '../users/managed-company.ts';

/**
 * Who may plan which roster (issue 39, decision 085): the schedule authorities (checked by the API
 * table), an account that reaches every employee (an Employee account never plans), and only a
 * department of a company the account manages: another company's department is a 404.
 */
export type RosterActor = Pick<SessionUser, 'id' | 'accountType' | 'companyId' | 'employeeId'>;
export type RosterDepartment = RosterDepartmentRow;

export function validate<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new AppError('validation.invalidInput', 422, {}, issuesToFieldKeys(result.issues));
  return result.output;
}

/** The department when the account manages its company; else 404, as if it did not exist. */
export async function managedDepartment(db: Db, actor: RosterActor, departmentId: number): Promise<RosterDepartment> {
  requireWriteKind(actor, 'record');
  const row = await findRosterDepartment(db, departmentId);
  if (!row || !managesCompanyRow(actor, row.companyId)) throw notFound();
  return row;
}

/** The employee when active and of the department's company (422 on the field otherwise). */
export async function requireRosterEmployee(db: Db, department: RosterDepartment, employeeId: number): Promise<void> {
  const row = await findRosterEmployee(db, employeeId);
  if (!row || row.companyId !== department.companyId) throw new AppError('validation.invalidInput', 422, {}, { employee: 'validation.unknownRecord' });
  if (row.status !== 'active') throw new AppError('validation.invalidInput', 422, {}, { employee: 'schedules.employeeArchived' });
}
