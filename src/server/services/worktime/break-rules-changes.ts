import type { BreakRulesChangeView } from '#domain/worktime/break-rules.ts';
import type { Db } from '../../db/connection.ts';
import { breakRulesHistory } from '../../db/repositories/break-rules-history.ts';
import { userNamesByIds } from '../../db/repositories/users.ts';

/** The history of the break rules for the settings page (decision 050), latest effective date first. */
export async function breakRulesChanges(db: Db): Promise<BreakRulesChangeView[]> {
  const history = await breakRulesHistory(db);
  const ids = [...new Set(history.map((h) => h.authorId).filter((id): id is number => id !== null))];
  const names = await userNamesByIds(db, ids);
  return history.map((h) => ({ effectiveFrom: h.effectiveFrom, rules: h.rules, createdAt: h.createdAt, author: h.authorId === null ? null : (names.get(h.authorId) ?? null) })).reverse();
}
