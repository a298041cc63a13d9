import { EmployeeUpdateInput } from '../../../domain/employees/employee-schema.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findEmployee, type EmployeeDto } from '../../db/repositories/employees.ts';
import { notFound } from '../../http/app-error.ts';
import { auditable, checkEmployeeReferences, employeeColumns, validateEmployee } from './employee-checks.ts';
import { deleteFaceData } from './face-data.ts';
import { requireWritable, type RecordActor } from '../record-guard.ts';

/**
 * Updates an employee. An empty PIN keeps the current one. Archiving through an update removes
 * the face descriptors, like the archive action.
 */
export async function updateEmployee(db: Db, id: number, input: unknown, actor: RecordActor): Promise<EmployeeDto> {
  // Employee-owned data: only within the actor's reach and only what the policy lets it write (decision 024).
  requireWritable(actor, id, 'record');
  const actorId = actor.id;
  const data = validateEmployee(EmployeeUpdateInput, input);
  await db.transaction().execute(async (trx) => {
    const before = await findEmployee(trx, id);
    if (!before) throw notFound();
    const { pinKey } = await checkEmployeeReferences(trx, data, id);
    const at = new Date().toISOString();
    await trx
      .updateTable('employees')
      .set({ ...employeeColumns(data), ...(pinKey ? { pinKey } : {}), updatedAt: at })
      .where('id', '=', id)
      .execute();
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
  });
  return (await findEmployee(db, id))!;
}
