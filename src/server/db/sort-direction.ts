import type { OrderByDirection, OrderByModifiersCallbackExpression } from 'kysely';

/**
 * A list's sort direction with SQLite's placement of empty (NULL) values on both engines:
 * first when ascending, last when descending. PostgreSQL sorts NULL as the largest value, so
 * without this "last sign-in, newest first" would start with the people who never signed in.
 */
export function sortDirection(dir: OrderByDirection): OrderByModifiersCallbackExpression {
  return (ob) => (dir === 'desc' ? ob.desc().nullsLast() : ob.asc().nullsFirst());
}
