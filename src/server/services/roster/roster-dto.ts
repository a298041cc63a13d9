import type { RosterWarningWire } from '#domain/roster/roster-warning-wire.ts';
import type { RosterShiftRow } from '../../db/repositories/roster-shifts.ts';

/** A draft shift as the API answers it (issue 39, decision 085). */
export interface RosterShiftDto {
  _id: number;
  employee: number | null;
  date: string;
  startTime: string;
  endTime: string;
  breakMinutes: number;
  template: number | null;
  published: boolean;
  /** Pending claims of an open shift. */
  claims?: number;
}

export const rosterShiftDto = (s: RosterShiftRow, claims?: number): RosterShiftDto => ({
  _id: s.id,
  employee: s.employeeId,
  date: s.date,
  startTime: s.startTime,
  endTime: s.endTime,
  breakMinutes: s.breakMinutes,
  template: s.templateId,
  published: s.published,
  ...(claims === undefined ? {} : { claims }),
});

export interface PublishedDayDto {
  employee: number;
  date: string;
  kind: 'shift' | 'rest';
  startTime: string | null;
  endTime: string | null;
  breakMinutes: number;
}

/** A roster warning (decision 088): `{code, kind, employee, date, params}`. */
export type RosterWarningDto = RosterWarningWire;
