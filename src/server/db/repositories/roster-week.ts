import type { Db } from '../connection.ts';

export interface DepartmentWithCompany {
  id: number;
  name: string;
  companyId: number;
  companyName: string;
}

/** A department with its company's name (the printed week's heading and its company scope). */
export async function departmentWithCompany(db: Db, id: number): Promise<DepartmentWithCompany | undefined> {
  return db
    .selectFrom('departments')
    .innerJoin('companies', 'companies.id', 'departments.companyId')
    .select(['departments.id', 'departments.name', 'departments.companyId', 'companies.name as companyName'])
    .where('departments.id', '=', id)
    .executeTakeFirst();
}
