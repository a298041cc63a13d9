/**
 * The answers of the roster API as the grid reads them (contract of issue 39, built on branch
 * h-rcore: GET /api/roster, /api/shift-templates, /api/roster/coverage).
 */
export interface ShiftTemplateDto {
  _id: number;
  name: string;
  startTime: string;
  endTime: string;
  breakMinutes: number;
  colour: string;
  department: number | null;
  archived: boolean;
}

export interface RosterShiftDto {
  _id: number;
  /** null = an open shift. */
  employee: number | null;
  date: string;
  startTime: string;
  endTime: string;
  breakMinutes: number;
  template: number | null;
  /** false once edited after the last publication (a draft change). */
  published: boolean;
  claims?: number;
}

export interface PublishedDayDto {
  employee: number;
  date: string;
  kind: 'shift' | 'rest';
  startTime: string | null;
  endTime: string | null;
  breakMinutes: number;
}

/** A rule's finding on an employee's day (branch h-rwarn): `code` is an i18n key, `params` its values. */
export interface RosterWarningDto {
  employee: number | null;
  date: string;
  code: string;
  params?: Record<string, unknown>;
}

export interface RosterEmployeeDto {
  _id: number;
  name: string;
  partTimePercent: number | null;
  workingDayType: string | null;
}

export interface RosterDto {
  department: { _id: number; name: string };
  from: string;
  to: string;
  dates: string[];
  employees: RosterEmployeeDto[];
  shifts: RosterShiftDto[];
  published: PublishedDayDto[];
  templates: ShiftTemplateDto[];
  leave: { employee: number; date: string; leaveType: string }[];
  holidays: { date: string; name: string }[];
  locked: { employee: number; date: string }[];
  coverage: { template: number; date: string; needed: number; planned: number }[];
  warnings: RosterWarningDto[];
  publications: { from: string; to: string; publishedAt: string; publishedByName: string | null; changedDays: number }[];
  unpublishedChanges: number;
}

export interface CoverageNeedDto {
  template: number;
  weekday: number;
  staff: number;
}

/** What the editing calls send: a template, or explicit times (they win over the template's). */
export interface ShiftInput {
  template?: number | null;
  startTime?: string;
  endTime?: string;
  breakMinutes?: number;
}
