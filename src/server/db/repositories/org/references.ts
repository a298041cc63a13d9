import type { Db } from '../../connection.ts';
import type { Database } from '../../schema.ts';

type TableWith<C extends string> = {
  [T in keyof Database]: C extends keyof Database[T] ? T : never;
}[keyof Database];

/** How many rows of `table` point at `id` through `column`. */
export async function countReferences<C extends string>(db: Db, table: TableWith<C>, column: C, id: number): Promise<number> {
  // Kysely cannot type one query over a union of tables; TableWith<C> checks the call instead.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  const row = await (db as any)
    .selectFrom(table)
    .select((eb: any) => eb.fn.countAll().as('n'))
    .where(column, '=', id)
    .executeTakeFirst();
  /* eslint-enable @typescript-eslint/no-explicit-any */
  return Number(row?.n ?? 0);
}

export async function exists(db: Db, table: 'companies' | 'departments' | 'leaveTypes' | 'jobTitles' | 'leaveGroups', id: number): Promise<boolean> {
  return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
