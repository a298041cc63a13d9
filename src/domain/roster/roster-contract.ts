import type { RosterWarningWire } from './roster-warning-wire.ts';

/**
 * The roster API's answers (issue 39, decisions 085 and 088): one definition that the server's
 * services and repositories build and the grid's islands read.
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

/** A draft shift. */
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
  /** Pending claims of an open shift. */
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

/** A roster warning (decision 088): `{code, kind, employee, date, params}`; `code` is an i18n key. */
export type RosterWarningDto = RosterWarningWire;

export interface RosterPublicationDto {
  from: string;
  to: string;
  publishedAt: string;
  publishedByName: string | null;
  changedDays: number;
}

export interface RosterEmployeeDto {
  _id: number;
  name: string;
  partTimePercent: number | null;
  workingDayType: 'full-time' | 'part-time';
}

/** The grid answer: the draft, the published plan and what planning needs beside them. */
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
  publications: RosterPublicationDto[];
  /** Days that publishing these dates would change. */
  unpublishedChanges: number;
}

export interface CoverageNeedDto {
  template: number;
  weekday: number;
  staff: number;
}
