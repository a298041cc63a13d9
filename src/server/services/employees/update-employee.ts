import { EmployeeUpdateInput } from '#domain/employees/employee-schema.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';
import { emitEmployeeWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { changedEmployeeFields } from './employee-events.ts';
import { findEmployee, updateEmployeeColumns, type EmployeeDto } from '../../db/repositories/employees.ts';
import { notFound } from '../../http/app-error.ts';
import { auditable, checkEmployeeReferences, employeeColumns, validateEmployee } from './employee-checks.ts';
import { deleteFaceData } from './face-data.ts';
import { requireWritable, type RecordActor } from '../record-guard.ts';
import { asksForGeneratedPin, freePin, withPlaceholderPin } from './generated-pin.ts';
import { assertPinChecksAllowed, pinConflictsIn, recordPinConflicts } from './pin-conflicts.ts';
import { nowIso, nowMs } from '../../clock/now.ts';
import { changeContractTerms } from '../../db/repositories/contract-terms.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import { getSettings } from '../get-settings.ts';

/**
 * Updates an employee. An empty PIN keeps the current one. Archiving through an update removes
 * the face descriptors, like the archive action. A PIN already in use counts against the
 * account's PIN-conflict limit (pin-conflicts.ts). `generatePin: true` replaces the PIN with
 * one the server chooses, returned once as `generatedPin`.
 *
 * The contract terms (working-day type, part-time percentage) are effective-dated (issue 33
 * point 1): a change applies from `contractEffectiveFrom` (today in the company zone when left
 * out) until the next change, and is refused with `periods.locked` when that date is in or before
 * one of the employee's approved periods.
 */
export async function updateEmployee(db: Db, id: number, input: unknown, actor: RecordActor): Promise<EmployeeDto & { generatedPin?: string }> {
  // Employee-owned data: only within the actor's reach and only what the policy lets it write (decision 024).
  requireWritable(actor, id, 'record');
  const actorId = actor.id;
  const generate = asksForGeneratedPin(input);
  const data = validateEmployee(EmployeeUpdateInput, generate ? withPlaceholderPin(input) : input);
  // Only a typed PIN is an oracle; a kept or generated PIN stays possible past the limit.
  if (!generate && data.pin) await assertPinChecksAllowed(actorId);
  let generatedPin: string | undefined;
  const { timezone } = await getSettings(db);
  await db
    .transaction()
    .execute(async (trx) => {
      const before = await findEmployee(trx, id);
      if (!before) throw notFound();
      if (generate) data.pin = generatedPin = await freePin(trx, data.company);
      const { pinKey } = await checkEmployeeReferences(trx, data, id);
      const at = nowIso();
      const { workingDayType, partTimePercent, ...columns } = employeeColumns(data);
      await changeContractTerms(trx, id, {
        terms: { workingDayType, partTimePercent },
        effectiveFrom: data.contractEffectiveFrom ?? localDateOf(nowMs(), timezone),
        explicit: data.contractEffectiveFrom !== null,
        at,
        authorId: actorId,
      });
      await updateEmployeeColumns(trx, id, { ...columns, ...(pinKey ? { pinKey } : {}), updatedAt: at });
      if (data.status === 'archived' && before.status !== 'archived') await deleteFaceData(trx, id);
      await appendAudit(trx, {
        userId: actorId,
        entity: 'employee',
        entityId: id,
        action: 'update',
        before,
        after: { ...auditable(data), pinChanged: Boolean(pinKey) },
        at,
      });
      // Webhooks (issue 41.5): the names of the changed fields, and a change of state as its own event.
      const after = (await findEmployee(trx, id))!;
      const changed = changedEmployeeFields(before, after);
      if (pinKey) changed.push('pin');
      if (changed.length > 0) await emitEmployeeWebhookEvent(trx, id, { event: 'employee.updated', occurredAt: at, data: { employeeId: id, changed: changed.sort() } });
      if (after.status !== before.status) await emitEmployeeWebhookEvent(trx, id, { event: 'employee.archived', occurredAt: at, data: { employeeId: id, status: after.status === 'archived' ? 'archived' : 'active' } });
    })
    .catch(async (error: unknown) => {
      throw (await recordPinConflicts(db, actorId, pinConflictsIn(error), { source: 'update', employeeId: id })) ?? error;
    });
  wakeOutbox();
  const employee = (await findEmployee(db, id))!;
  return generatedPin ? { ...employee, generatedPin } : employee;
}
