import { type Kysely, sql } from 'kysely';
import { nowIso } from '../../clock/now.ts';
import { upgradesExistingData } from './portable.ts';
import { figurePayload, nextEntries, type ChainKind } from '#domain/record-chain/record-chain.ts';
import { sha256Hex } from '../chain-hash.ts';

/**
 * Issue 33 leftovers, decision 050 (update): every setting that changes a figure is
 * effective-dated, not only the break rules. `break_rules_history.rules` (migration 0032) now
 * holds all of them: the break rules, `maxOrdinaryDailyHours` (the long-day warning) and
 * `graceMinutes` (lateness). No new table: one history, one date per change, one chain kind.
 *
 * On an upgraded installation the two new rules held one undated value until now (the settings'),
 * so every existing row gets that value (no figure moves) and, as any write of a chained row, a new
 * chain entry of kind 'rules' with the row as it now reads (verify compares each row with its latest
 * entry). An installation with no row yet whose settings differ from the defaults gets one row in
 * force from '0000-01-01' with those values (the break rules at their defaults, which is what was in
 * force). A new installation, and PostgreSQL (always new), start with no row.
 */
// Written out: a shipped migration never changes with the code.
const DEFAULTS = { breaksPaid: false, autoBreakAfterMinutes: 0, autoBreakMinutes: 30, maxOrdinaryDailyHours: 9, graceMinutes: 5 };

/** Canonical JSON of the rules (keys sorted), as stored-formats' breakRulesJson writes it. */
const rulesJson = (r: typeof DEFAULTS): string =>
  JSON.stringify({
    autoBreakAfterMinutes: r.autoBreakAfterMinutes,
    autoBreakMinutes: r.autoBreakMinutes,
    breaksPaid: r.breaksPaid,
    graceMinutes: r.graceMinutes,
    maxOrdinaryDailyHours: r.maxOrdinaryDailyHours,
  });

const parse = (text: string | undefined): unknown => {
  try {
    return JSON.parse(text ?? 'null') as unknown;
  } catch {
    return null;
  }
};

export async function up(db: Kysely<any>): Promise<void> {
  if (!upgradesExistingData(db)) return;
  const stored = new Map((await sql<{ key: string; value: string }>`select key, value from settings where key in ('graceMinutes', 'maxOrdinaryDailyHours')`.execute(db)).rows.map((r) => [r.key, r.value]));
  const grace = parse(stored.get('graceMinutes'));
  const hours = parse(stored.get('maxOrdinaryDailyHours'));
  const undated = {
    graceMinutes: Number.isInteger(grace) ? (grace as number) : DEFAULTS.graceMinutes,
    maxOrdinaryDailyHours: typeof hours === 'number' && Number.isFinite(hours) ? hours : DEFAULTS.maxOrdinaryDailyHours,
  };
  // Short aliases: the connection's camel-case plugin would rename snake_case result columns.
  const rows = (
    await sql<{ id: number; ef: string; rules: string; ca: string; au: number | null }>`select id, effective_from as ef, rules, created_at as ca, author_id as au from break_rules_history order by id`.execute(db)
  ).rows;
  const changed: { id: number; effectiveFrom: string; rules: string; createdAt: string; authorId: number | null }[] = [];
  for (const r of rows) {
    const old = parse(r.rules);
    const o = old && typeof old === 'object' ? (old as Record<string, unknown>) : {};
    const rules = rulesJson({
      breaksPaid: typeof o.breaksPaid === 'boolean' ? o.breaksPaid : DEFAULTS.breaksPaid,
      autoBreakAfterMinutes: Number.isInteger(o.autoBreakAfterMinutes) ? (o.autoBreakAfterMinutes as number) : DEFAULTS.autoBreakAfterMinutes,
      autoBreakMinutes: Number.isInteger(o.autoBreakMinutes) ? (o.autoBreakMinutes as number) : DEFAULTS.autoBreakMinutes,
      ...undated,
    });
    await sql`update break_rules_history set rules = ${rules} where id = ${r.id}`.execute(db);
    changed.push({ id: Number(r.id), effectiveFrom: r.ef, rules, createdAt: r.ca, authorId: r.au === null ? null : Number(r.au) });
  }
  const company = (await sql<{ id: number | null }>`select min(id) as id from companies`.execute(db)).rows[0]?.id ?? null;
  if (company === null) return;
  const at = nowIso();
  if (rows.length === 0 && (undated.graceMinutes !== DEFAULTS.graceMinutes || undated.maxOrdinaryDailyHours !== DEFAULTS.maxOrdinaryDailyHours)) {
    const rules = rulesJson({ ...DEFAULTS, ...undated });
    await sql`insert into break_rules_history (effective_from, rules, created_at, author_id) values ('0000-01-01', ${rules}, ${at}, null)`.execute(db);
    const row = (await sql<{ id: number }>`select id from break_rules_history order by id desc limit 1`.execute(db)).rows[0]!;
    changed.push({ id: Number(row.id), effectiveFrom: '0000-01-01', rules, createdAt: at, authorId: null });
  }
  if (changed.length === 0) return;
  const head = (await sql<{ seq: number; hash: string }>`select seq, hash from record_chain where company_id = ${company} order by seq desc limit 1`.execute(db)).rows[0] ?? null;
  const asked = changed.map((c) => ({ kind: 'rules' as ChainKind, refId: c.id, payload: figurePayload('rules', c) }));
  for (const e of nextEntries(sha256Hex, company, head, asked, at)) {
    await sql`insert into record_chain (company_id, seq, kind, ref_id, payload, prev_hash, hash, created_at) values (${e.companyId}, ${e.seq}, ${e.kind}, ${e.refId}, ${e.payload}, ${e.prevHash}, ${e.hash}, ${e.createdAt})`.execute(
      db,
    );
  }
}
