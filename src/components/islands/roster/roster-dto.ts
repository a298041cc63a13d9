/** The roster API's answers as the grid reads them: the one contract in src/domain/roster/roster-contract.ts. */
export type { CoverageNeedDto, PublishedDayDto, RosterDto, RosterEmployeeDto, RosterShiftDto, RosterWarningDto, ShiftTemplateDto } from '#domain/roster/roster-contract.ts';

/** What the editing calls send: a template, or explicit times (they win over the template's). */
export interface ShiftInput {
  template?: number | null;
  startTime?: string;
  endTime?: string;
  breakMinutes?: number;
}
