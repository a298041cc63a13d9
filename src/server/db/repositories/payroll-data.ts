import type { Db } from '../connection.ts';

/** What the payroll export adds to the record's employee (migration 0030): the company's CCC, the worker's category and contract type. */
export interface PayrollIdentity {
  id: number;
  contributionAccountCode: string | null;
  professionalCategory: string | null;
  contractType: string | null;
}

export async function payrollIdentities(db: Db, employeeIds: readonly number[]): Promise<Map<number, PayrollIdentity>> {
  if (employeeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('employees')
    .innerJoin('companies', 'companies.id', 'employees.companyId')
    .select(['employees.id', 'companies.contributionAccountCode', 'employees.professionalCategory', 'employees.contractType'])
    .where('employees.id', 'in', [...employeeIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}
