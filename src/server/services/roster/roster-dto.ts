import type { RosterShiftDto } from '#domain/roster/roster-contract.ts';
export type { PublishedDayDto, RosterShiftDto, RosterWarningDto } from '#domain/roster/roster-contract.ts';
import type { RosterShiftRow } from '../../db/repositories/roster-shifts.ts';

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
