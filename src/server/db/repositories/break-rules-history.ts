import { breakRulesOn, type BreakRulesChange, type FigureRules, type FigureRulesByDate } from '#domain/worktime/break-rules.ts';
import type { InferResult, Kysely } from 'kysely';
import { primeBatchRead, readOncePerBatch } from '../batch-reads.ts';
import type { Database } from '../schema.ts';
import type { Db } from '../connection.ts';
import { breakRulesJson, parseBreakRules } from '../stored-formats.ts';
import { refuseLockedFrom } from './record-lock.ts';
import { chainFigureRows } from './record-chain.ts';

/**
 * The effective-dated figure rules (decision 050, updates of issue 33): the break rules, the daily
 * ordinary hours and the lateness grace. Every figure computation asks `breakRulesByDate` (or
 * `breakRulesOnDate` for one day) instead of reading the settings, so a change applies only from
 * its `effectiveFrom` and never rewrites an earlier day.
 */

/** The stored changes, oldest effective date first. */
export const breakRulesHistoryQuery = (db: Kysely<Database>) => db.selectFrom('breakRulesHistory').selectAll().orderBy('effectiveFrom').orderBy('id');
type StoredChange = InferResult<ReturnType<typeof breakRulesHistoryQuery>>[number];

/** The stored changes, already read in the batch's transaction with something else (clock-state.ts): the batch does not read them again. */
export function knownBreakRulesHistory(rows: readonly StoredChange[]): void {
  // In the query's order again: a JSON aggregate of it does not promise to keep that order.
  const ordered = [...rows].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : a.effectiveFrom > b.effectiveFrom ? 1 : a.id - b.id));
  primeBatchRead('breakRulesHistory', () => ordered);
}

/** Every change, oldest effective date first (a handful of rows: read whole; once per batch of punches, batch-reads.ts). */
export async function breakRulesHistory(db: Db): Promise<BreakRulesChange[]> {
  const rows = await readOncePerBatch<readonly StoredChange[]>('breakRulesHistory', () => breakRulesHistoryQuery(db).execute());
  return rows.map((r) => ({ id: r.id, effectiveFrom: r.effectiveFrom, rules: parseBreakRules(r.rules), createdAt: r.createdAt, authorId: r.authorId }));
}

/** The rules in force on each date: one read, then picked per day. */
export async function breakRulesByDate(db: Db): Promise<FigureRulesByDate> {
  const history = await breakRulesHistory(db);
  return (date) => breakRulesOn(history, date);
}

/** The rules in force on one date. */
export async function breakRulesOnDate(db: Db, date: string): Promise<FigureRules> {
  return breakRulesOn(await breakRulesHistory(db), date);
}

/**
 * Adds a change in force from `effectiveFrom`, chained as kind 'rules'. Refused (409 `periods.locked`) when an approved
 * period ends on or after that date; an open earlier date is allowed. Returns the new row's id.
 */
export async function addBreakRulesChange(db: Db, change: { effectiveFrom: string; rules: FigureRules; at: string; authorId: number | null }): Promise<number> {
  await refuseLockedFrom(db, change.effectiveFrom);
  const row = await db
    .insertInto('breakRulesHistory')
    .values({ effectiveFrom: change.effectiveFrom, rules: breakRulesJson(change.rules), createdAt: change.at, authorId: change.authorId })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Chained like every row a figure is read from (decision 033): an edit of the file fails verify.
  await chainFigureRows(db, 'rules', [row.id]);
  return row.id;
}
