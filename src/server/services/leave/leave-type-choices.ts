import type { Db } from '../../db/connection.ts';
import { leaveTypeChoices } from '../../db/repositories/leaves.ts';

/** The leave types to choose from in the admin list's filter: every type, by name. */
export function listLeaveTypeChoices(db: Db): Promise<{ _id: number; name: string }[]> {
  return leaveTypeChoices(db);
}
