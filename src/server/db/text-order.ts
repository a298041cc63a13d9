import { sql, type RawBuilder } from 'kysely';
import { ENYE_KEY, SORT_FROM, SORT_TO } from '../../domain/lists/sort-key.ts';
import { configuredEngine } from './engine.ts';

/**
 * The one way a list orders by a name (decision 075): `orderBy(byName('employees.lastName'))`.
 * The same key on both engines (`sortKey`), compared by code point, so a page of a list holds the
 * same names on SQLite and on PostgreSQL and ends where the next one starts.
 */
export function byName(column: string): RawBuilder<string> {
  const ref = sql.ref(column);
  if (configuredEngine() !== 'postgres') return sql<string>`jornada_sort_key(${ref})`;
  const enye = sql.lit(ENYE_KEY);
  return sql<string>`translate(replace(replace(${ref}, 'Ñ', ${enye}), 'ñ', ${enye}), ${sql.lit(SORT_FROM)}, ${sql.lit(SORT_TO)}) collate "C"`;
}
