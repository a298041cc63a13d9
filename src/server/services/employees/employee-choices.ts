import type { Db } from '../../db/connection.ts';
import { employeeChoices } from '../../db/repositories/attendances.ts';

/** The active employees to choose from (list filters, the attendance form): id and full name, by name. */
export function listEmployeeChoices(db: Db): Promise<{ _id: number; name: string }[]> {
  return employeeChoices(db);
}
