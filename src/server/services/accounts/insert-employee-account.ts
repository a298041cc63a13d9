import type { Db } from '../../db/connection.ts';
import { insertUser } from '../../db/repositories/users.ts';

/**
 * The Employee account of one employee (an accepted invitation, decision 066; a first single sign-on
 * with account creation on, decision 092): named after the employee, in its company, with the
 * company's built-in Employee role. Answers the new user's id.
 */
export function insertEmployeeAccount(
  trx: Db,
  employee: { id: number; firstName: string; lastName: string; companyId: number },
  account: { email: string; passwordHash: string; roleId: number; at: string; signedInAt: string | null },
): Promise<number> {
  return insertUser(trx, {
    name: `${employee.firstName} ${employee.lastName}`,
    email: account.email,
    passwordHash: account.passwordHash,
    roleId: account.roleId,
    status: 'enabled',
    accountType: 'Employee',
    companyId: employee.companyId,
    employeeId: employee.id,
    image: null,
    lastSignInAt: account.signedInAt,
    createdAt: account.at,
    updatedAt: account.at,
  });
}
