import type { Db } from '../../db/connection.ts';
import { countUsers } from '../../db/repositories/users.ts';

let someoneExists = false;

/** True while no user exists (first-run setup is open). Once false it stays false for the process. */
export async function isFirstRun(db: Db): Promise<boolean> {
  if (someoneExists) return false;
  someoneExists = (await countUsers(db)) > 0;
  return !someoneExists;
}
