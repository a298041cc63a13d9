import type { Db } from '../connection.ts';
import { byName } from '../text-order.ts';

/**
 * Reads of the organization profile report: the companies, departments and job titles (each by
 * name, then id) and the employee head counts, all of one company when `companyId` is given.
 */

/** Companies (id, name), by name. */
export function profileCompanies(db: Db, companyId?: number) {
  let q = db.selectFrom('companies').select(['id', 'name']).orderBy(byName('name')).orderBy('id');
  if (companyId) q = q.where('id', '=', companyId);
  return q.execute();
}

/** Departments (id, name, company), by name. */
export function profileDepartments(db: Db, companyId?: number) {
  let q = db.selectFrom('departments').select(['id', 'name', 'companyId']).orderBy(byName('name')).orderBy('id');
  if (companyId) q = q.where('companyId', '=', companyId);
  return q.execute();
}

/** Job titles (id, name, department, company), by name. */
export function profileJobTitles(db: Db, companyId?: number) {
  let q = db.selectFrom('jobTitles').select(['id', 'name', 'departmentId', 'companyId']).orderBy(byName('name')).orderBy('id');
  if (companyId) q = q.where('companyId', '=', companyId);
  return q.execute();
}

/** Employee counts `n` per job title (and so per department and company) by status, gender and employment type. */
export function employeeHeadCounts(db: Db, companyId?: number) {
  let q = db
    .selectFrom('employees')
    .select((eb) => ['companyId', 'departmentId', 'jobTitleId', 'status', 'gender', 'employmentType', eb.fn.countAll<number>().as('n')])
    .groupBy(['companyId', 'departmentId', 'jobTitleId', 'status', 'gender', 'employmentType']);
  if (companyId) q = q.where('companyId', '=', companyId);
  return q.execute();
}
