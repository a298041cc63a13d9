import type { Period } from '#domain/reports/periods.ts';
import type { Db } from '../../db/connection.ts';
import { companiesOfEmployees } from '../../db/repositories/webhooks.ts';
import { emitCompanyWebhookEvent } from './emit-webhook-event.ts';

/**
 * `period.approved` (decision 058): one event per company whose employees' period was approved now
 * (those already approved are not named again), in the approval's transaction. Returns how many
 * deliveries were queued.
 */
export async function emitPeriodApprovedEvents(trx: Db, input: { period: Period; employeeIds: readonly number[]; approvedBy: number; at: string }): Promise<number> {
  if (input.employeeIds.length === 0) return 0;
  const byCompany = new Map<number, number[]>();
  for (const row of await companiesOfEmployees(trx, input.employeeIds)) {
    const list = byCompany.get(row.companyId) ?? [];
    list.push(row.id);
    byCompany.set(row.companyId, list);
  }
  let queued = 0;
  for (const [companyId, employeeIds] of byCompany) {
    queued += await emitCompanyWebhookEvent(trx, companyId, {
      event: 'period.approved',
      occurredAt: input.at,
      data: { from: input.period.from, to: input.period.to, employeeIds: employeeIds.sort((a, b) => a - b), approvedBy: input.approvedBy },
    });
  }
  return queued;
}
