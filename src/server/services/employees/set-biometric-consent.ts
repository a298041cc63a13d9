import type { BiometricConsentDto } from '#domain/employees/employee-photos.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { findEmployeeBiometrics, updateEmployeeColumns } from '../../db/repositories/employees.ts';
import { notFound } from '../../http/app-error.ts';
import { deleteFaceData } from './face-data.ts';
import { findBiometricConsent } from './list-employee-photos.ts';
import { requireWritable, type RecordActor } from '../record-guard.ts';
import { nowIso } from '../../clock/now.ts';

/**
 * Records (`true`) or withdraws (`false`) an employee's consent to biometric identification.
 * Recording keeps the first date and recorder when consent is already on file. Withdrawing
 * clears them and deletes every face descriptor of the employee at once; the photos stay.
 * Audited either way.
 */
export async function setBiometricConsent(db: Db, employeeId: number, consent: boolean, actor: RecordActor): Promise<{ consent: BiometricConsentDto | null; faceDescriptorsDeleted: number }> {
  // Employee-owned data: only within the actor's reach and only what the policy lets it write (decision 024).
  requireWritable(actor, employeeId, 'record');
  const actorId = actor.id;
  const deleted = await db.transaction().execute(async (trx) => {
    const employee = await findEmployeeBiometrics(trx, employeeId);
    if (!employee) throw notFound();
    const at = nowIso();
    const before = { biometricConsentAt: employee.biometricConsentAt, biometricConsentBy: employee.biometricConsentBy };
    if (consent) {
      if (employee.biometricConsentAt !== null) return 0;
      await updateEmployeeColumns(trx, employeeId, { biometricConsentAt: at, biometricConsentBy: actorId, updatedAt: at });
      await appendAudit(trx, { userId: actorId, entity: 'employee', entityId: employeeId, action: 'consent.record', before, after: { biometricConsentAt: at, biometricConsentBy: actorId }, at });
      return 0;
    }
    const removed = await deleteFaceData(trx, employeeId);
    if (employee.biometricConsentAt === null && removed === 0) return 0;
    await updateEmployeeColumns(trx, employeeId, { biometricConsentAt: null, biometricConsentBy: null, updatedAt: at });
    await appendAudit(trx, {
      userId: actorId,
      entity: 'employee',
      entityId: employeeId,
      action: 'consent.withdraw',
      before,
      after: { biometricConsentAt: null, biometricConsentBy: null, faceDescriptorsDeleted: removed },
      at,
    });
    return removed;
  });
  return { consent: (await findBiometricConsent(db, employeeId)) ?? null, faceDescriptorsDeleted: deleted };
}
