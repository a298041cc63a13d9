import type { RecordAccount } from '#domain/permissions/record-access.ts';
import type { Db } from '../../db/connection.ts';
import { findEmployee, type EmployeeDto } from '../../db/repositories/employees.ts';
import { notFound } from '../../http/app-error.ts';
import { requireReadable } from '../record-guard.ts';

/** One employee the viewer may read (decision 024); anyone else is answered as missing (404). */
export async function getEmployee(db: Db, id: number, viewer: RecordAccount): Promise<EmployeeDto> {
  requireReadable(viewer, id);
  const employee = await findEmployee(db, id);
  if (!employee) throw notFound();
  return employee;
}
