import type { EmployeeDto } from '../../../domain/api/records.ts';
import { parseListQuery } from '../../../domain/lists/list-query.ts';
import type { RecordAccount } from '../../../domain/permissions/record-access.ts';
import type { Db } from '../../db/connection.ts';
import { EMPLOYEE_SORTS, listEmployees as employeesPage } from '../../db/repositories/employees.ts';

/** The page of the employee list the URL asks for (q, status, department, company, sort, page, pageSize), of the employees the viewer may read. */
export function listEmployees(db: Db, params: URLSearchParams, viewer: RecordAccount): Promise<{ data: EmployeeDto[]; total: number }> {
  const query = parseListQuery(params, { sortable: Object.keys(EMPLOYEE_SORTS), defaultSort: 'name' });
  return employeesPage(db, query, viewer);
}
