import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { FOLD_FROM, FOLD_TO, foldText } from '../../domain/lists/fold-text.ts';
import { likePattern } from '../../domain/lists/list-query.ts';
import { configuredEngine } from './engine.ts';

/**
 * `fold(expr) LIKE '%fold(q)%' ESCAPE '\'`: the one way a list search matches text, on both
 * engines alike: case- and accent-insensitive (`foldText`; SQLite calls it as the registered
 * function `jornada_fold`, PostgreSQL runs the same table through translate()). `likePattern`
 * escapes `\`, `%` and `_`, so a search for "50%" or "ana_b" finds exactly those characters.
 * `expr` is a column reference ("employees.email", translated to snake case like any other) or
 * an SQL expression.
 */
export function containsText(expr: string | Expression<unknown>, q: string): RawBuilder<SqlBool> {
  const target = typeof expr === 'string' ? sql.ref(expr) : expr;
  const folded = configuredEngine() === 'postgres' ? sql`translate(lower(${target}), ${sql.lit(FOLD_FROM)}, ${sql.lit(FOLD_TO)})` : sql`jornada_fold(${target})`;
  return sql<SqlBool>`${folded} like ${likePattern(foldText(q))} escape '\\'`;
}
