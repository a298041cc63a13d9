import type { Period } from '../reports/periods.ts';
import { addDays, localDateOf } from '../time/zoned-time.ts';
import type { PayrollApproval } from './payroll-columns.ts';

/**
 * Is the employee's month approved (decision 051)? Only when approved periods (a month, or ISO
 * weeks, which may start or end in the next or previous month) cover every day of it; a reopened
 * period covers nothing. `approvedOn` is the company-local date of the latest of those approvals
 * (the month is final from then on).
 */
export function monthApproval(approvals: readonly { from: string; to: string; status: 'approved' | 'reopened'; approvedAt: string }[], month: Period, timeZone: string): PayrollApproval {
  const standing = approvals.filter((a) => a.status === 'approved' && a.to >= month.from && a.from <= month.to).sort((a, b) => a.from.localeCompare(b.from));
  let next = month.from; // the first date not yet covered
  let latest: string | null = null;
  for (const a of standing) {
    if (a.from > next) break;
    if (a.to >= next) next = addDays(a.to, 1);
    if (latest === null || a.approvedAt > latest) latest = a.approvedAt;
  }
  if (next <= month.to) return { approved: false, approvedOn: null };
  return { approved: true, approvedOn: latest === null ? null : localDateOf(latest, timeZone) };
}
