import { EmployeeCreateInput } from '../../../domain/employees/employee-schema.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findEmployee, type EmployeeDto } from '../../db/repositories/employees.ts';
import { auditable, checkEmployeeReferences, employeeColumns, validateEmployee } from './employee-checks.ts';
import { requireWriteKind, type RecordActor } from '../record-guard.ts';

/** Creates an employee; the PIN is stored only as its lookup key. All or nothing. */
export async function createEmployee(db: Db, input: unknown, actor: RecordActor): Promise<EmployeeDto> {
  // Employee-owned data: only within the actor's reach and only what the policy lets it write (decision 024).
  requireWriteKind(actor, 'record');
  const actorId = actor.id;
  const data = validateEmployee(EmployeeCreateInput, input);
  const id = await db.transaction().execute(async (trx) => {
    const { pinKey } = await checkEmployeeReferences(trx, data, null);
    const at = new Date().toISOString();
    const row = await trx
      .insertInto('employees')
      .values({ ...employeeColumns(data), pinKey: pinKey!, image: null, biometricConsentAt: null, biometricConsentBy: null, createdAt: at, updatedAt: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await appendAudit(trx, { userId: actorId, entity: 'employee', entityId: row.id, action: 'create', after: auditable(data), at });
    return row.id;
  });
  return (await findEmployee(db, id))!;
}
