import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findEmployee, updateEmployeeColumns, type EmployeeDto } from '../../db/repositories/employees.ts';
import { notFound } from '../../http/app-error.ts';
import { deleteFaceData } from './face-data.ts';
import { requireWritable, type RecordActor } from '../record-guard.ts';
import { nowIso } from '../../clock/now.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';
import { emitEmployeeWebhookEvent } from '../webhooks/emit-webhook-event.ts';

/** Archives (or restores) an employee. Archiving deletes their face descriptors; a change of state is a webhook event. */
export async function archiveEmployee(db: Db, id: number, archived: boolean, actor: RecordActor): Promise<EmployeeDto> {
  // Employee-owned data: only within the actor's reach and only what the policy lets it write (decision 024).
  requireWritable(actor, id, 'record');
  const actorId = actor.id;
  await db.transaction().execute(async (trx) => {
    const before = await findEmployee(trx, id);
    if (!before) throw notFound();
    const at = nowIso();
    await updateEmployeeColumns(trx, id, { status: archived ? 'archived' : 'active', updatedAt: at });
    const removed = archived ? await deleteFaceData(trx, id) : 0;
    await appendAudit(trx, {
      userId: actorId,
      entity: 'employee',
      entityId: id,
      action: archived ? 'archive' : 'restore',
      before: { status: before.status },
      after: { status: archived ? 'archived' : 'active', faceDescriptorsDeleted: removed },
      at,
    });
    if (before.status !== (archived ? 'archived' : 'active')) await emitEmployeeWebhookEvent(trx, id, { event: 'employee.archived', occurredAt: at, data: { employeeId: id, status: archived ? 'archived' : 'active' } });
  });
  wakeOutbox();
  return (await findEmployee(db, id))!;
}
