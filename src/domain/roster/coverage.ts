import { weekdayOf, type WeekdayName } from '../time/zoned-time.ts';

/**
 * Coverage (issue 39 point 5, decision 085): how many staff each template needs on a date (the
 * department's need for its ISO weekday) against how many draft shifts of that template are
 * assigned to someone. A shift counts for a template when its `templateId` matches; an open shift
 * (no employee) covers nobody yet. Pure: the grid answer and any report call this one function.
 */
export interface CoverageNeed {
  templateId: number;
  /** ISO weekday: 1 = Monday .. 7 = Sunday. */
  weekday: number;
  staff: number;
}

export interface CoverageShift {
  templateId: number | null;
  employeeId: number | null;
  date: string;
}

export interface CoverageCell {
  template: number;
  date: string;
  needed: number;
  planned: number;
}

const ISO_WEEKDAY: Readonly<Record<WeekdayName, number>> = { Monday: 1, Tuesday: 2, Wednesday: 3, Thursday: 4, Friday: 5, Saturday: 6, Sunday: 7 };

/** ISO weekday (1 = Monday .. 7 = Sunday) of a `YYYY-MM-DD` date. */
export const isoWeekday = (date: string): number => ISO_WEEKDAY[weekdayOf(date)];

/** One cell per need (staff above 0) and date of its weekday, in date then template order. */
export function coverageOf(needs: readonly CoverageNeed[], shifts: readonly CoverageShift[], dates: readonly string[]): CoverageCell[] {
  const planned = new Map<string, number>();
  for (const s of shifts) {
    if (s.templateId === null || s.employeeId === null) continue;
    const key = `${s.templateId}|${s.date}`;
    planned.set(key, (planned.get(key) ?? 0) + 1);
  }
  const out: CoverageCell[] = [];
  for (const date of dates) {
    const weekday = isoWeekday(date);
    const today = needs.filter((n) => n.weekday === weekday && n.staff > 0).sort((a, b) => a.templateId - b.templateId);
    for (const n of today) out.push({ template: n.templateId, date, needed: n.staff, planned: planned.get(`${n.templateId}|${date}`) ?? 0 });
  }
  return out;
}
