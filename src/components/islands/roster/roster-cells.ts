import type { PublishedDayDto, RosterDto, RosterShiftDto, RosterWarningDto, ShiftTemplateDto } from './roster-dto.ts';

/** What one employee's day shows: the draft shift, what was last published, leave, holiday, lock, warnings. */
export interface CellInfo {
  shift: RosterShiftDto | null;
  publishedDay: PublishedDayDto | null;
  leave: string | null;
  holiday: string | null;
  locked: boolean;
  warnings: RosterWarningDto[];
}

const key = (employee: number | null, date: string) => `${employee ?? 'open'}|${date}`;

/** Indexes the grid answer by (employee, date) once per answer; open shifts are listed per date. */
export function indexRoster(roster: RosterDto) {
  const shifts = new Map<string, RosterShiftDto>();
  const open = new Map<string, RosterShiftDto[]>();
  for (const s of roster.shifts) {
    if (s.employee === null) open.set(s.date, [...(open.get(s.date) ?? []), s]);
    else shifts.set(key(s.employee, s.date), s);
  }
  const published = new Map(roster.published.map((p) => [key(p.employee, p.date), p]));
  const leave = new Map(roster.leave.map((l) => [key(l.employee, l.date), l.leaveType]));
  const holidays = new Map(roster.holidays.map((h) => [h.date, h.name]));
  const locked = new Set(roster.locked.map((l) => key(l.employee, l.date)));
  const warnings = new Map<string, RosterWarningDto[]>();
  for (const w of roster.warnings) warnings.set(key(w.employee, w.date), [...(warnings.get(key(w.employee, w.date)) ?? []), w]);
  const templates = new Map<number, ShiftTemplateDto>(roster.templates.map((t) => [t._id, t]));
  return {
    templates,
    holidays,
    cell(employee: number, date: string): CellInfo {
      const k = key(employee, date);
      return {
        shift: shifts.get(k) ?? null,
        publishedDay: published.get(k) ?? null,
        leave: leave.get(k) ?? null,
        holiday: holidays.get(date) ?? null,
        locked: locked.has(k),
        warnings: warnings.get(k) ?? [],
      };
    },
    openShifts: (date: string) => open.get(date) ?? [],
    /** A date is locked for the open-shift row when it is locked for every employee shown. */
    openLocked: (date: string) => roster.employees.length > 0 && roster.employees.every((e) => locked.has(key(e._id, date))),
  };
}

export type RosterIndex = ReturnType<typeof indexRoster>;
