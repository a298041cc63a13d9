import type { Db } from '../../connection.ts';
import type { Database } from '../../schema.ts';

type TableWith<C extends string> = {
  [T in keyof Database]: C extends keyof Database[T] ? T : never;
}[keyof Database];

/** How many rows of `table` point at `id` through `column`. */
export async function countReferences<C extends string>(db: Db, table: TableWith<C>, column: C, id: number): Promise<number> {
  const row = await (db as any)
    .selectFrom(table)
    .select((eb: any) => eb.fn.countAll().as('n'))
    .where(column, '=', id)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function exists(db: Db, table: 'companies' | 'departments' | 'leaveTypes' | 'jobTitles' | 'leaveGroups', id: number): Promise<boolean> {
  return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
