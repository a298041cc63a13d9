import type { Db } from '../../db/connection.ts';
import { readSettings } from '../../db/repositories/settings.ts';
import { ownOpenShifts } from './open-shift-claims.ts';
import { ownSwaps } from './shift-swaps.ts';

/** What the personal schedule page shows of open shifts and swaps (decision 086): the personal API's two answers and the assignment rule. */
export async function ownShiftRequests(db: Db, employeeId: number) {
  const [openShifts, swaps, settings] = await Promise.all([ownOpenShifts(db, employeeId), ownSwaps(db, employeeId), readSettings(db)]);
  return { openShifts, firstClaimant: settings.openShiftAssignment === 'firstClaimant', ...swaps };
}
