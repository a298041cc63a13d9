import { addDays } from '../time/zoned-time.ts';

export interface DatedSchedule {
  id: number;
  fromDate: string;
  toDate: string | null;
  status: 'current' | 'previous';
}

/**
 * A new current schedule starting on `fromDate` makes every overlapping current one of the same
 * employee previous: one that started before ends the day before; one that starts on or after it
 * is wholly replaced (its range becomes empty, so it is never in force again, but it is kept).
 * Returns the changes to write.
 */
export function supersede(existing: readonly DatedSchedule[], fromDate: string): { id: number; toDate: string; status: 'previous' }[] {
  const changes: { id: number; toDate: string; status: 'previous' }[] = [];
  for (const s of existing) {
    if (s.status !== 'current') continue;
    if (s.toDate !== null && s.toDate < fromDate) continue;
    const toDate = s.fromDate < fromDate ? addDays(fromDate, -1) : addDays(s.fromDate, -1);
    changes.push({ id: s.id, toDate, status: 'previous' });
  }
  return changes;
}

/**
 * Deleting a schedule gives its dates back to the one it superseded: the employee's schedule that
 * ended the day before the deleted one started (and started before it) takes the deleted one's
 * end date and status (open-ended and current when the deleted one was). Without this, deleting
 * a mistaken schedule left the employee with no schedule at all from that day. The end date the
 * superseded schedule had before is not stored: it was open or at least as late as the day
 * before, so taking the deleted one's end is what the employee had.
 */
export function restoreSuperseded(existing: readonly DatedSchedule[], deleted: DatedSchedule): { id: number; toDate: string | null; status: 'current' | 'previous' } | null {
  const dayBefore = addDays(deleted.fromDate, -1);
  let restored: DatedSchedule | null = null;
  for (const s of existing) {
    if (s.id === deleted.id || s.toDate !== dayBefore || s.fromDate >= deleted.fromDate) continue;
    if (!restored || s.fromDate > restored.fromDate || (s.fromDate === restored.fromDate && s.id > restored.id)) restored = s;
  }
  return restored && { id: restored.id, toDate: deleted.toDate, status: deleted.status };
}
