import type { RosterWarningKind } from './roster-warnings.ts';

/**
 * A roster warning as the API answers it (decision 088), in the grid answer and a shift write's:
 * `code` is the i18n key of its sentence (`roster.warnings.*`), `params` the rule's measured
 * numbers (minutes or days by kind: `restMinutes`, `workMinutes`, `plannedMinutes`,
 * `overlapMinutes`, `noticeDays`, and `limitMinutes` / `limitDays`).
 */
export interface RosterWarningWire {
  code: string;
  kind: RosterWarningKind;
  employee: number;
  date: string;
  params: Record<string, number>;
}
