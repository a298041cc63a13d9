import type { MonthlyRecordTotals } from './monthly-record.ts';

/**
 * The workers' representatives' view of a month (art. 34.9 ET, decision 036): per employee only
 * the name and the month's totals. Data minimisation is the rule: no national ID, contact data,
 * photos or daily times ever enter a row, so nothing downstream can leak them.
 */
export interface RepresentativeTotalsRow {
  employeeId: number;
  name: string;
  attendedDays: number;
  workedSeconds: number;
  expectedSeconds: number;
  overtimeSeconds: number;
  absentDays: number;
  leaveDays: number;
}

export function representativeTotalsRow(employee: { id: number; name: string }, totals: MonthlyRecordTotals): RepresentativeTotalsRow {
  return {
    employeeId: employee.id,
    name: employee.name,
    attendedDays: totals.attendedDays,
    workedSeconds: totals.workedSeconds,
    expectedSeconds: totals.expectedSeconds,
    overtimeSeconds: totals.overtimeSeconds,
    absentDays: totals.absentDays,
    leaveDays: totals.leaveDays,
  };
}

/** The sum of the rows (the table's footer). */
export function sumRepresentativeTotals(rows: readonly RepresentativeTotalsRow[]): Omit<RepresentativeTotalsRow, 'employeeId' | 'name'> {
  const sum = { attendedDays: 0, workedSeconds: 0, expectedSeconds: 0, overtimeSeconds: 0, absentDays: 0, leaveDays: 0 };
  for (const r of rows) for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += r[k];
  return sum;
}
