import { canReadEmployeeRecord, canWriteEmployeeRecord, mayWriteRecords, type RecordAccount, type RecordWrite } from '../../domain/permissions/record-access.ts';
import { AppError, notFound } from '../http/app-error.ts';

/**
 * The record-access policy (decision 024) as service guards: a record outside the account's
 * employees is answered as missing (404, its existence not revealed), and a write the policy does
 * not allow on a record the account may read is refused (403).
 */
export function requireReadable(account: RecordAccount, employeeId: number): void {
  if (!canReadEmployeeRecord(account, employeeId)) throw notFound();
}

/** Before knowing whose record: 403 when the account may make no such write at all. */
export function requireWriteKind(account: RecordAccount, write: RecordWrite): void {
  if (!mayWriteRecords(account, write)) throw new AppError('errors.recordsReadOnly', 403);
}

export function requireWritable(account: RecordAccount, employeeId: number, write: RecordWrite): void {
  requireReadable(account, employeeId);
  if (!canWriteEmployeeRecord(account, employeeId, write)) throw new AppError('errors.recordsReadOnly', 403);
}

/** The acting account as services need it: who (for the audit) and whose records it reaches. */
export interface RecordActor extends RecordAccount {
  id: number;
}
