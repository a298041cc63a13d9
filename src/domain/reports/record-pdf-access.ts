import { employeeScope, type RecordAccount } from '../permissions/record-access.ts';
import { isMonth } from './periods.ts';

/**
 * Who may download the monthly record as PDF, and whose (decision 035). Unlike the other report
 * endpoints this one is open to any signed-in account, because the personal area offers every
 * employee their own month whatever their role:
 * - an account that reaches every employee (Admin, SuperAdmin) needs `report.read` (403 naming it
 *   otherwise) and gets whom the query names (`employee`, `department`, or everyone);
 * - an Employee account gets its own employee only: naming another employee is a 404 (the record
 *   is not its to see, as everywhere else), and an account linked to no employee gets 404 too.
 */
export type RecordPdfAccess = { kind: 'refused'; missing: 'report.read' } | { kind: 'notFound' } | { kind: 'allowed'; employee: number | undefined };

export function recordPdfAccess(account: RecordAccount, mayReadReports: boolean, asked: number | undefined): RecordPdfAccess {
  const scope = employeeScope(account);
  if (scope.kind === 'all') return mayReadReports ? { kind: 'allowed', employee: asked } : { kind: 'refused', missing: 'report.read' };
  if (scope.kind === 'none') return { kind: 'notFound' };
  if (asked !== undefined && asked !== scope.employeeId) return { kind: 'notFound' };
  return { kind: 'allowed', employee: scope.employeeId };
}

/**
 * The month of a download: absent means the current month (`fallback`); present, it must be a
 * real `YYYY-MM` — a typo answers 422 rather than silently printing another month.
 */
export function downloadMonth(asked: string | null, fallback: string): { month: string } | { error: 'reports.invalidMonth' } {
  if (asked === null || asked === '') return { month: fallback };
  return isMonth(asked) ? { month: asked } : { error: 'reports.invalidMonth' };
}
