import { representativeTotalsRow, sumRepresentativeTotals, type RepresentativeTotalsRow } from '#domain/reports/representative-totals.ts';
import type { Db } from '../../db/connection.ts';
import { monthlyRecords } from './monthly-records.ts';

export interface RepresentativeTotals {
  month: string;
  rows: RepresentativeTotalsRow[];
  total: ReturnType<typeof sumRepresentativeTotals>;
}

/**
 * The workers' representatives' view of a month (decision 036): every employee with a record
 * that month (of the account's company when it has one), by name, with the month's totals only.
 */
export async function representativeTotals(db: Db, month: string, companyId: number | null): Promise<RepresentativeTotals> {
  const records = await monthlyRecords(db, { company: companyId ?? undefined }, month);
  const rows = records.records.map((r) => representativeTotalsRow(r.employee, r.record.totals));
  return { month, rows, total: sumRepresentativeTotals(rows) };
}
