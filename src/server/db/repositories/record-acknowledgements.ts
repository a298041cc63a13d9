import type { Kysely } from 'kysely';
import type { Database, RecordAcknowledgementTable } from '../schema.ts';
import type { Insertable, Updateable } from 'kysely';

type Executor = Kysely<Database>;

const COLUMNS = ['id', 'employeeId', 'month', 'acknowledgedAt', 'userId', 'workedSeconds', 'overtimeSeconds', 'attendedDays', 'absentDays', 'leaveDays', 'digest', 'figuresDigest', 'chainSeq'] as const;

export function findAcknowledgement(db: Executor, employeeId: number, month: string) {
  return db
    .selectFrom('recordAcknowledgements')
    .select([...COLUMNS])
    .where('employeeId', '=', employeeId)
    .where('month', '=', month)
    .executeTakeFirst();
}

/** Inserts the acknowledgement unless the employee already acknowledged that month; true when inserted. */
export async function insertAcknowledgement(db: Executor, row: Insertable<RecordAcknowledgementTable>): Promise<boolean> {
  const result = await db
    .insertInto('recordAcknowledgements')
    .values(row)
    .onConflict((oc) => oc.columns(['employeeId', 'month']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/**
 * A new receipt of a month whose figures changed after the last one (decision 077): replaces it
 * only while it is still the one read (`acknowledgedAt`), so two at once renew it once; true when
 * renewed. The earlier receipt stays in the audit log.
 */
export async function renewAcknowledgement(db: Executor, id: number, acknowledgedAt: string, row: Updateable<RecordAcknowledgementTable>): Promise<boolean> {
  const result = await db.updateTable('recordAcknowledgements').set(row).where('id', '=', id).where('acknowledgedAt', '=', acknowledgedAt).executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0n) > 0;
}

/** A receipt as the record compares it with the month now. */
export interface StoredReceipt {
  acknowledgedAt: string;
  figuresDigest: string | null;
  chainSeq: number | null;
}

/** Each of these employees' receipt of the month: employee id -> receipt. */
export async function acknowledgementsOfMonth(db: Executor, month: string, employeeIds: readonly number[]): Promise<Map<number, StoredReceipt>> {
  if (employeeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('recordAcknowledgements')
    .select(['employeeId', 'acknowledgedAt', 'figuresDigest', 'chainSeq'])
    .where('month', '=', month)
    .where('employeeId', 'in', [...employeeIds])
    .execute();
  return new Map(rows.map(({ employeeId, ...receipt }) => [employeeId, receipt]));
}
