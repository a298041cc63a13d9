import type { Kysely } from 'kysely';
import type { Database, RecordAcknowledgementTable } from '../schema.ts';
import type { Insertable } from 'kysely';

type Executor = Kysely<Database>;

const COLUMNS = ['id', 'employeeId', 'month', 'acknowledgedAt', 'userId', 'workedSeconds', 'overtimeSeconds', 'attendedDays', 'absentDays', 'leaveDays', 'digest'] as const;

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

/** When each of these employees acknowledged the month: employee id -> ISO instant. */
export async function acknowledgementsOfMonth(db: Executor, month: string, employeeIds: readonly number[]): Promise<Map<number, string>> {
  if (employeeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('recordAcknowledgements')
    .select(['employeeId', 'acknowledgedAt'])
    .where('month', '=', month)
    .where('employeeId', 'in', [...employeeIds])
    .execute();
  return new Map(rows.map((r) => [r.employeeId, r.acknowledgedAt]));
}
