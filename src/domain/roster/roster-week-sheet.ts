import { datesOf } from '../reports/periods.ts';
import { addDays, weekdayOf } from '../time/zoned-time.ts';
import type { PlannedDay } from './planned-day.ts';

/**
 * The printable week of a department's published plan (decision 087): one row per active
 * employee, one cell per day, as published (never the draft): a shift's times and break, a
 * published rest day, or nothing published yet; approved leave and company holidays marked on top.
 */
export type WeekCell = { kind: 'shift'; startTime: string; endTime: string; breakMinutes: number; leave: string | null } | { kind: 'rest'; leave: string | null } | { kind: 'none'; leave: string | null };

export interface WeekSheetRow {
  employeeId: number;
  name: string;
  cells: WeekCell[];
}

export interface WeekSheet {
  from: string;
  to: string;
  dates: string[];
  /** Company holidays of the week: date -> name. */
  holidays: ReadonlyMap<string, string>;
  rows: WeekSheetRow[];
}

export interface WeekSheetInput {
  monday: string;
  employees: readonly { id: number; name: string }[];
  planned: ReadonlyMap<number, readonly PlannedDay[]>;
  /** Approved leave: employee, dates and the leave type's name. */
  leaves: readonly { employeeId: number; fromDate: string; toDate: string; leaveTypeName: string }[];
  holidays: ReadonlyMap<string, string>;
}

/** Whether a date is a Monday (the week a sheet prints is named by its Monday). */
export const isMonday = (date: string): boolean => weekdayOf(date) === 'Monday';

export function rosterWeekSheet(input: WeekSheetInput): WeekSheet {
  const period = { from: input.monday, to: addDays(input.monday, 6) };
  const dates = datesOf(period);
  const rows = input.employees.map((e): WeekSheetRow => {
    const days = input.planned.get(e.id) ?? [];
    return {
      employeeId: e.id,
      name: e.name,
      cells: dates.map((date): WeekCell => {
        const leave = input.leaves.find((l) => l.employeeId === e.id && l.fromDate <= date && l.toDate >= date)?.leaveTypeName ?? null;
        const day = days.find((d) => d.date === date);
        if (day?.kind === 'shift' && day.startTime !== null && day.endTime !== null) return { kind: 'shift', startTime: day.startTime, endTime: day.endTime, breakMinutes: day.breakMinutes, leave };
        return { kind: day?.kind === 'rest' ? 'rest' : 'none', leave };
      }),
    };
  });
  return { ...period, dates, holidays: new Map([...input.holidays].filter(([d]) => d >= period.from && d <= period.to)), rows };
}
