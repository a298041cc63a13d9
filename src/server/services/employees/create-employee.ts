import { EmployeeCreateInput } from '#domain/employees/employee-schema.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findEmployee, insertEmployee, type EmployeeDto } from '../../db/repositories/employees.ts';
import { auditable, checkEmployeeReferences, employeeColumns, validateEmployee } from './employee-checks.ts';
import { requireWriteKind, type RecordActor } from '../record-guard.ts';
import { asksForGeneratedPin, freePin, withPlaceholderPin } from './generated-pin.ts';
import { assertPinChecksAllowed, pinConflictsIn, recordPinConflicts } from './pin-conflicts.ts';
import { nowIso } from '../../clock/now.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';
import { emitEmployeeWebhookEvent } from '../webhooks/emit-webhook-event.ts';
import { employeeCreatedData } from './employee-events.ts';

/**
 * Creates an employee; the PIN is stored only as its lookup key. All or nothing. A PIN already
 * in use counts against the account's PIN-conflict limit (pin-conflicts.ts). With
 * `generatePin: true` the server chooses a free PIN instead and returns it as `generatedPin`,
 * the only time it is ever shown.
 */
export async function createEmployee(db: Db, input: unknown, actor: RecordActor): Promise<EmployeeDto & { generatedPin?: string }> {
  // Employee-owned data: only within the actor's reach and only what the policy lets it write (decision 024).
  requireWriteKind(actor, 'record');
  const actorId = actor.id;
  const generate = asksForGeneratedPin(input);
  const data = validateEmployee(EmployeeCreateInput, generate ? withPlaceholderPin(input) : input);
  // Only a typed PIN is an oracle; a kept or generated PIN stays possible past the limit.
  if (!generate && data.pin) await assertPinChecksAllowed(actorId);
  let generatedPin: string | undefined;
  const id = await db
    .transaction()
    .execute(async (trx) => {
      if (generate) data.pin = generatedPin = await freePin(trx, data.company);
      const { pinKey } = await checkEmployeeReferences(trx, data, null);
      const at = nowIso();
      const newId = await insertEmployee(trx, { ...employeeColumns(data), pinKey: pinKey!, image: null, biometricConsentAt: null, biometricConsentBy: null, createdAt: at, updatedAt: at }, actorId);
      await appendAudit(trx, { userId: actorId, entity: 'employee', entityId: newId, action: 'create', after: auditable(data), at });
      await emitEmployeeWebhookEvent(trx, newId, { event: 'employee.created', occurredAt: at, data: employeeCreatedData(newId, employeeColumns(data), 'form') });
      return newId;
    })
    .catch(async (error: unknown) => {
      throw (await recordPinConflicts(db, actorId, pinConflictsIn(error), { source: 'create' })) ?? error;
    });
  wakeOutbox();
  const employee = (await findEmployee(db, id))!;
  return generatedPin ? { ...employee, generatedPin } : employee;
}
