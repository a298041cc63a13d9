import * as v from 'valibot';
import { issuesToFieldKeys } from '#domain/auth/auth-schemas.ts';
import type { Db } from '../../db/connection.ts';
import { rowExists, userIdByEmail, userIdByEmployee, type UserWrite } from '../../db/repositories/user-records.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Validates user input; 422 with `{field: key}`. The answer's message is the problem itself when
 * there is only one ("Invalid email address"), else "Please check the highlighted fields".
 */
export function validateUserInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const fields = issuesToFieldKeys(result.issues);
  const keys = Object.values(fields);
  throw new AppError(keys.length === 1 ? keys[0]! : 'validation.invalidInput', 422, {}, fields);
}

/** The stored columns of validated input. */
export function toUserWrite(input: { name: string; email: string; role: number; status: 'enabled' | 'disabled'; accountType: UserWrite['accountType']; company: number | null; employee: number | null }): UserWrite {
  return {
    name: input.name,
    email: input.email,
    roleId: input.role,
    status: input.status,
    accountType: input.accountType,
    companyId: input.company,
    employeeId: input.employee,
  };
}

/**
 * Checks what the database knows (call inside the writing transaction): the email is free
 * (case-insensitive), the role, company and employee exist, and the employee has no other
 * account. `selfId`: the user being updated, whose own email and employee are fine.
 */
export async function checkUserReferences(db: Db, write: UserWrite, selfId?: number): Promise<void> {
  const problems: Record<string, string> = {};
  const holder = await userIdByEmail(db, write.email);
  if (holder !== undefined && holder !== selfId) problems['email'] = 'users.emailTaken';
  if (!(await rowExists(db, 'roles', write.roleId))) problems['role'] = 'validation.unknownRecord';
  if (write.companyId !== null && !(await rowExists(db, 'companies', write.companyId))) problems['company'] = 'validation.unknownRecord';
  if (write.employeeId !== null) {
    if (!(await rowExists(db, 'employees', write.employeeId))) problems['employee'] = 'validation.unknownRecord';
    else {
      const linked = await userIdByEmployee(db, write.employeeId);
      if (linked !== undefined && linked !== selfId) problems['employee'] = 'users.employeeTaken';
    }
  }
  const keys = Object.values(problems);
  if (keys.length > 0) throw new AppError(keys.length === 1 ? keys[0]! : 'validation.invalidInput', 422, {}, problems);
}
