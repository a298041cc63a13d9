import { approvalPeriodOf, periodContaining } from '#domain/periods/approval-period.ts';
import { PeriodReopenInput } from '#domain/periods/period-schema.ts';
import type { Period } from '#domain/reports/periods.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { emitEmployeeWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';
import { approvalsOfEmployee, reopenApproval } from '../../db/repositories/period-approvals.ts';
import { rowExists } from '../../db/repositories/user-records.ts';
import { AppError } from '../../http/app-error.ts';
import { validateAttendance } from '../attendance/attendance-checks.ts';
import { getSettings } from '../get-settings.ts';
import { requireWritable, type RecordActor } from '../record-guard.ts';
import { refuseOwnDecision } from '../four-eyes/refuse-own-decision.ts';

/**
 * `POST /api/periods/reopen` (decision 051): an administrator reopens an employee's approved
 * period, the one containing `date`, with a written reason; who, when and why are kept on the
 * row and in the audit log. Every approved period of the employee overlapping it is reopened
 * (one approved as a week stays locked otherwise after the setting changed to months). Nothing
 * approved there: 409 `periods.notApproved`; an unknown employee: 422.
 */
export async function reopenPeriod(db: Db, input: unknown, actor: RecordActor): Promise<{ reopened: Period[] }> {
  const data = validateAttendance(PeriodReopenInput, input);
  requireWritable(actor, data.employee, 'record');
  const period = periodContaining(data.date, approvalPeriodOf(await getSettings(db)));
  const at = nowIso();
  const result = await db.transaction().execute(async (trx) => {
    if (!(await rowExists(trx, 'employees', data.employee))) throw new AppError('validation.invalidInput', 422, {}, { employee: 'validation.unknownRecord' });
    // Four eyes (issue 34.5): nobody reopens their own period.
    await refuseOwnDecision(trx, actor, { employeeId: data.employee });
    const approved = (await approvalsOfEmployee(trx, data.employee, period)).filter((a) => a.status === 'approved');
    if (approved.length === 0) throw new AppError('periods.notApproved', 409, { from: period.from, to: period.to });
    for (const a of approved) {
      if (!(await reopenApproval(trx, a.id, { reopenedBy: actor.id, reopenedAt: at, reopenReason: data.reason }))) throw new AppError('periods.notApproved', 409, { from: a.from, to: a.to });
      await appendAudit(trx, {
        userId: actor.id,
        entity: 'periodApproval',
        entityId: data.employee,
        action: 'reopen',
        before: { status: 'approved', approvedBy: a.approvedBy, approvedAt: a.approvedAt },
        after: { employeeId: data.employee, from: a.from, to: a.to, status: 'reopened' },
        reason: data.reason,
        at,
      });
    }
    const reopened = approved.map(({ from, to }) => ({ from, to }));
    await emitEmployeeWebhookEvent(trx, data.employee, { event: 'period.reopened', occurredAt: at, data: { employeeId: data.employee, periods: reopened, reopenedBy: actor.id } });
    return { reopened };
  });
  wakeOutbox(); // the webhooks hear of it now, not at the next poll
  return result;
}
