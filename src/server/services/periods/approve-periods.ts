import { approvalPeriodOf, periodContaining } from '#domain/periods/approval-period.ts';
import { approvalRefusal } from '#domain/periods/period-exceptions.ts';
import { PeriodApproveInput } from '#domain/periods/period-schema.ts';
import type { Period } from '#domain/reports/periods.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findPeriodApproval, upsertApproval } from '../../db/repositories/period-approvals.ts';
import { reportEmployees } from '../../db/repositories/report-data.ts';
import { rowExists } from '../../db/repositories/user-records.ts';
import { AppError } from '../../http/app-error.ts';
import { validateAttendance } from '../attendance/attendance-checks.ts';
import { getSettings } from '../get-settings.ts';
import { requireWritable, type RecordActor } from '../record-guard.ts';
import { refuseOwnDecision } from '../four-eyes/refuse-own-decision.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';
import { emitPeriodApprovedEvents } from '../webhooks/emit-period-approved.ts';
import type { SnapshotFigures } from '#domain/periods/approval-snapshot.ts';
import { freshFigures, monthOf } from './approval-figures.ts';

export interface ApproveAnswer {
  period: Period;
  /** Employees whose period was approved now. */
  approved: number;
  /** Employees whose period was already approved (left as it was). */
  already: number;
  /** 1 when the batch held the actor's own employee, left for another administrator (four eyes), else 0. */
  ownLeft: number;
}

/**
 * `POST /api/periods/approve` (decision 051): approves, and so locks, the period containing
 * `date` (a month or an ISO week, per `settings.approvalPeriod`) for the listed employees and/or
 * every employee of `department` (bulk). Only a period that has ended (422 `periods.notEnded`).
 * An unknown employee is a 422 with nothing written. A period already approved stays as it was;
 * a reopened one is approved again. One transaction; each approval is audited and, for a month,
 * stores a snapshot of the employee's payroll row and record totals (its digest chained with the
 * approval). Four eyes: the actor's own employee is never approved by the actor — alone it is
 * refused (403); within a batch ("approve all") it is left out and counted in `ownLeft`, so an
 * owner who also works can still close everybody else's month.
 */
export async function approvePeriods(db: Db, input: unknown, actor: RecordActor): Promise<ApproveAnswer> {
  const data = validateAttendance(PeriodApproveInput, input);
  const settings = await getSettings(db);
  const at = nowIso();
  const period = periodContaining(data.date, approvalPeriodOf(settings));
  const refused = approvalRefusal(period, localDateOf(at, settings.timezone));
  if (refused) throw new AppError(refused, 422, { from: period.from, to: period.to }, { date: refused });
  for (const id of data.employees) requireWritable(actor, id, 'record');

  const { answer, hooks } = await db.transaction().execute(async (trx) => {
    const ids = new Set<number>();
    for (const id of data.employees) {
      if (!(await rowExists(trx, 'employees', id))) throw new AppError('validation.invalidInput', 422, {}, { employees: 'validation.unknownRecord' });
      ids.add(id);
    }
    if (data.department !== null) {
      for (const e of await reportEmployees(trx, { department: data.department })) {
        requireWritable(actor, e.id, 'record');
        ids.add(e.id);
      }
    }
    // Four eyes (issue 34.5): nobody approves their own month. Within a batch it is left out.
    let ownLeft = 0;
    if (ids.size > 1 && actor.employeeId !== null && ids.delete(actor.employeeId)) ownLeft = 1;
    for (const id of ids) await refuseOwnDecision(trx, actor, { employeeId: id });
    // The figures each approval freezes (decision 051, update of issue 33), computed in this
    // transaction: a payroll month only (an ISO week is no payroll row; its days are still locked).
    const month = monthOf(period);
    const figures = month ? await freshFigures(trx, month, [...ids]) : new Map<number, SnapshotFigures>();
    let approved = 0;
    let already = 0;
    const approvedIds: number[] = [];
    for (const employeeId of ids) {
      const before = await findPeriodApproval(trx, employeeId, period);
      if (before?.status === 'approved') {
        already++;
        continue;
      }
      approvedIds.push(employeeId);
      const frozen = figures.get(employeeId);
      await upsertApproval(trx, { employeeId, from: period.from, to: period.to, approvedBy: actor.id, approvedAt: at }, frozen && { payroll: frozen.payroll, totals: frozen.totals });
      await appendAudit(trx, {
        userId: actor.id,
        entity: 'periodApproval',
        entityId: employeeId,
        action: 'approve',
        before: before ? { status: before.status } : null,
        after: { employeeId, from: period.from, to: period.to, status: 'approved' },
        at,
      });
      approved++;
    }
    // In the approval's transaction (decision 058): one event per company, naming the employees approved now.
    const hooks = await emitPeriodApprovedEvents(trx, { period, employeeIds: approvedIds, approvedBy: actor.id, at });
    return { answer: { period, approved, already, ownLeft }, hooks };
  });
  if (hooks > 0) wakeOutbox();
  return answer;
}
