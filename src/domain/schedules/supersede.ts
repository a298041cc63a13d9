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
