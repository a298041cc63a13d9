import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { likePattern } from '../../domain/lists/list-query.ts';

/**
 * `expr LIKE '%q%' ESCAPE '\'`: the one way a list search matches text. `likePattern` escapes
 * `\`, `%` and `_` with a backslash, and SQLite only honours that with the ESCAPE clause, so a
 * search for "50%" or "ana_b" finds exactly those characters. `expr` is a column reference
 * ("employees.email", translated to snake case like any other) or an SQL expression.
 * Case-insensitive for ASCII, as SQLite's LIKE is.
 */
export function containsText(expr: string | Expression<unknown>, q: string): RawBuilder<SqlBool> {
  const target = typeof expr === 'string' ? sql.ref(expr) : expr;
  return sql<SqlBool>`${target} like ${likePattern(q)} escape '\\'`;
}
