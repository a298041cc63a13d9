import type { SnapshotAlert } from './approval-snapshot.ts';
import type { Period } from '../reports/periods.ts';
import type { ApprovalPeriodKind } from './approval-period.ts';
import type { PeriodExceptions, PeriodTotals } from './period-exceptions.ts';

/** The month-close screen's data (decision 051), as services/periods/period-close.ts builds it and the island shows it. */
/** Where an employee's period stands: approved (locked), reopened, or never approved (null). */
export type PeriodApprovalState = {
  status: 'approved' | 'reopened';
  from: string;
  to: string;
  approverName: string | null;
  approvedAt: string;
  reopenerName: string | null;
  reopenedAt: string | null;
  reopenReason: string | null;
};

export interface PeriodCloseRow {
  employee: { id: number; name: string; departmentName: string };
  totals: PeriodTotals;
  exceptions: PeriodExceptions;
  exceptionCount: number;
  /** The approval of exactly this period, or else the latest one overlapping it (the setting may have changed). */
  approval: PeriodApprovalState | null;
  /** True when an approved period locks any date of this one. */
  locked: boolean;
}

export interface PeriodCloseView {
  kind: ApprovalPeriodKind;
  period: Period;
  /** A date inside the previous and the next period (the screen's arrows). */
  previous: string;
  next: string;
  today: string;
  /** May the shown period be approved (it has ended)? */
  ended: boolean;
  rows: PeriodCloseRow[];
  /** Approved figures of this period that differ from a fresh computation (decision 051, update of issue 33). */
  snapshotAlerts: SnapshotAlert[];
}

/** The chip text of each work-time warning kind (i18n plural keys, called with `count`). */
export const WARNING_LABELS: Readonly<Record<string, string>> = {
  shortBreak: 'periods.exceptions.warning.shortBreak',
  shortRest: 'periods.exceptions.warning.shortRest',
  longDay: 'periods.exceptions.warning.longDay',
  nightOvertime: 'periods.exceptions.warning.nightOvertime',
};
