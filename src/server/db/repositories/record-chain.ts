import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely } from 'kysely';
import {
  nextEntries,
  punchPayload,
  revisionPayload,
  voidPayload,
  type ChainEntry,
  type ChainHead,
  type ChainKind,
  type CurrentRecord,
  type PunchFacts,
  type RevisionFacts,
  type VoidFacts,
} from '#domain/record-chain/record-chain.ts';
import { DELETED, FIGURE_KINDS, type FigureKind } from '#domain/record-chain/record-chain.ts';
import { nowIso } from '../../clock/now.ts';
import { figureRecords } from './record-chain-figures.ts';
import { committedDigest } from '#domain/record-chain/chained-text.ts';
import { sha256Hex } from '../chain-hash.ts';
import type { Database } from '../schema.ts';
import { lockChainHeads, usesFineLocks } from '../write-locks.ts';
import { parseBreaks } from '../stored-formats.ts';
import { knownInBatch, primeBatchRead } from '../batch-reads.ts';

/**
 * The record chain (decision 033): the repositories that insert punches, revisions and voidings,
 * and those that write the rows figures are read from (attendances, breaks, leave, holidays,
 * schedules, approvals: issue 33.2), call these in the SAME transaction, so every caller is chained. One append is one indexed read
 * of the company's head (the UNIQUE (company_id, seq) index) and one insert; the unique index
 * refuses a second entry with the same seq should two writers ever race.
 */

type Records = readonly { kind: ChainKind; refId: number; payload: string }[];

/** The company of an employee and its chain's head (null when the chain is empty). */
async function headOfEmployeeCompany(db: Kysely<Database>, employeeId: number) {
  const row = await db
    .selectFrom('employees')
    .select((eb) => [
      'employees.companyId',
      eb.selectFrom('recordChain').select('recordChain.seq').whereRef('recordChain.companyId', '=', 'employees.companyId').orderBy('recordChain.seq', 'desc').limit(1).as('seq'),
      eb.selectFrom('recordChain').select('recordChain.hash').whereRef('recordChain.companyId', '=', 'employees.companyId').orderBy('recordChain.seq', 'desc').limit(1).as('hash'),
    ])
    .where('employees.id', '=', employeeId)
    .executeTakeFirstOrThrow();
  return { companyId: row.companyId, head: row.seq === null || row.hash === null ? null : { seq: row.seq, hash: row.hash } };
}

async function insertEntries(db: Kysely<Database>, entries: readonly ChainEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 500)
    await db
      .insertInto('recordChain')
      .values(entries.slice(i, i + 500))
      .execute();
}

/**
 * While a group commit runs a punch (group-commit.ts), the records it chains are collected here
 * instead of appended, and appended for the whole batch at its end (`chainRecordsOfEmployees`):
 * one head read and one insert per batch, and on PostgreSQL the company's chain head is locked
 * only for those last statements of the transaction (decision 097).
 */
const collecting = new AsyncLocalStorage<EmployeeRecords[]>();
export type EmployeeRecords = readonly [employeeId: number, records: Records];

/** Runs `work` so that chainForEmployee pushes into `into` instead of appending (the caller appends `into` before its commit). */
export function collectChainAppends<T>(into: EmployeeRecords[], work: () => Promise<T>): Promise<T> {
  return collecting.run(into, work);
}

/** Chains records of one employee (all in the employee's company), after the company's head. */
export async function chainForEmployee(db: Kysely<Database>, employeeId: number, records: Records): Promise<void> {
  if (records.length === 0) return;
  const into = collecting.getStore();
  if (into) {
    into.push([employeeId, records]);
    return;
  }
  if (usesFineLocks()) return chainRecordsOfEmployees(db, [[employeeId, records]]);
  const { companyId, head } = await headOfEmployeeCompany(db, employeeId);
  await insertEntries(db, nextEntries(sha256Hex, companyId, head, records, nowIso()));
}

export function chainPunches(db: Kysely<Database>, employeeId: number, punches: readonly PunchFacts[]): Promise<void> {
  return chainForEmployee(
    db,
    employeeId,
    punches.map((p) => ({ kind: 'punch', refId: p.id, payload: punchPayload(p) })),
  );
}

/**
 * Chains the punches of several employees inserted together (a bulk insert): the same entries,
 * in the same order, as chainPunches per employee, but one head read per company instead of one
 * per employee (on PostgreSQL every read is a round trip: the demo data set made hundreds).
 */
export function chainPunchesOfEmployees(db: Kysely<Database>, batches: readonly (readonly [employeeId: number, punches: readonly PunchFacts[]])[]): Promise<void> {
  return chainRecordsOfEmployees(
    db,
    batches.map(([employeeId, punches]) => [employeeId, punches.map((p) => ({ kind: 'punch' as const, refId: p.id, payload: punchPayload(p) }))]),
  );
}

const companyKey = (employeeId: number) => `employee-company ${employeeId}`;

/**
 * The company of an employee, read in the batch's transaction with something else (the clock
 * state on PostgreSQL, clock-state.ts): the chain append of the batch then needs no employee read.
 * A batch holds the write lock shared, so no change of company commits while it runs.
 */
export function knownEmployeeCompany(employeeId: number, companyId: number): void {
  primeBatchRead(companyKey(employeeId), () => companyId);
}

/** Chains records of several employees, in the given order within each company: one employee read (none when the batch knows their companies), then per company one head read and one insert per 500 entries. */
export async function chainRecordsOfEmployees(db: Kysely<Database>, batches: readonly EmployeeRecords[]): Promise<void> {
  if (batches.length === 0) return;
  const companyOf = new Map<number, number>();
  const unknown: number[] = [];
  for (const employeeId of new Set(batches.map(([employeeId]) => employeeId))) {
    const known = knownInBatch<number>(companyKey(employeeId));
    if (known) companyOf.set(employeeId, await known);
    else unknown.push(employeeId);
  }
  if (unknown.length > 0) {
    const employees = await db.selectFrom('employees').select(['id', 'companyId']).where('id', 'in', unknown).execute();
    for (const e of employees) companyOf.set(e.id, e.companyId);
  }
  const records: { companyId: number; kind: ChainKind; refId: number; payload: string }[] = [];
  for (const [employeeId, own] of batches) {
    const companyId = companyOf.get(employeeId);
    if (companyId === undefined) throw new Error(`no employee ${employeeId} to chain records of`);
    for (const r of own) records.push({ companyId, ...r });
  }
  await chainByCompany(db, records);
}

/**
 * Chains records of several companies (bulk writes, figure rows): per company, in the given
 * order, one head read and one insert per 500 entries.
 */
export async function chainByCompany(db: Kysely<Database>, records: readonly { companyId: number; kind: ChainKind; refId: number; payload: string }[]): Promise<void> {
  const byCompany = new Map<number, { kind: ChainKind; refId: number; payload: string }[]>();
  for (const { companyId, ...record } of records) {
    const own = byCompany.get(companyId);
    if (own) own.push(record);
    else byCompany.set(companyId, [record]);
  }
  // A fine-locked transaction (the clock punch on PostgreSQL) holds no lock that covers the head yet.
  await lockChainHeads(db, [...byCompany.keys()]);
  for (const [companyId, own] of byCompany) {
    const head = await chainHeadOf(db, companyId);
    await insertEntries(db, nextEntries(sha256Hex, companyId, head ? { seq: head.seq, hash: head.hash } : null, own, nowIso()));
  }
}

/**
 * Chains figure rows (decision 033, update of issue 33) after an insert or update, in the write's
 * transaction: the rows as the database gives them back (`figureRecords`), so the entry says what
 * verify will read. Every repository function that writes such a row calls this (or chains what
 * its RETURNING gave back, the clock punch); `ids` of rows that are gone are not chained here.
 */
export async function chainFigureRows(db: Kysely<Database>, kind: FigureKind, ids: readonly number[]): Promise<void> {
  await chainByCompany(db, await figureRecords(db, kind, [...new Set(ids)]));
}

/** Chains the deletion of rows read (with `figureRecords`) before deleting them: an entry with the payload DELETED each. */
export async function chainFigureDeletions(db: Kysely<Database>, gone: readonly CurrentRecord[]): Promise<void> {
  await chainByCompany(
    db,
    gone.map((r) => ({ ...r, payload: DELETED })),
  );
}

export function chainRevision(db: Kysely<Database>, revision: RevisionFacts): Promise<void> {
  return chainForEmployee(db, revision.employeeId, [{ kind: 'revision', refId: revision.id, payload: revisionPayload(revision) }]);
}

export function chainVoid(db: Kysely<Database>, voiding: VoidFacts): Promise<void> {
  return chainForEmployee(db, voiding.employeeId, [{ kind: 'void', refId: voiding.attendanceId, payload: voidPayload(voiding) }]);
}

/**
 * Every company's head (latest entry), by company id. Driven by the companies (a handful): each
 * head is one index look-up. Asked the other way round (each entry compared with its company's
 * latest), PostgreSQL ran the subquery for every entry: 1.6 s with 230,000 entries.
 */
export async function chainHeads(db: Kysely<Database>): Promise<ChainHead[]> {
  return db
    .selectFrom('companies as c')
    .innerJoin('recordChain as r', (join) =>
      join.onRef('r.companyId', '=', 'c.id').on((eb) =>
        eb(
          'r.seq',
          '=',
          eb
            .selectFrom('recordChain as m')
            .select((m) => m.fn.max('m.seq').as('s'))
            .whereRef('m.companyId', '=', 'c.id'),
        ),
      ),
    )
    .select(['r.companyId', 'r.seq', 'r.hash', 'r.createdAt'])
    .orderBy('r.companyId')
    .execute();
}

/** One company's head, undefined while its chain is empty. */
export async function chainHeadOf(db: Kysely<Database>, companyId: number): Promise<ChainHead | undefined> {
  return db.selectFrom('recordChain').select(['companyId', 'seq', 'hash', 'createdAt']).where('companyId', '=', companyId).orderBy('seq', 'desc').limit(1).executeTakeFirst();
}

/** Every entry of every chain, in (company, seq) order. */
export function allChainEntries(db: Kysely<Database>): Promise<ChainEntry[]> {
  return db.selectFrom('recordChain').select(['companyId', 'seq', 'kind', 'refId', 'payload', 'prevHash', 'hash', 'createdAt']).orderBy('companyId').orderBy('seq').execute();
}

/** Every chained record as it is now (punches, revisions, voided days, figure rows), with its canonical payload. */
export async function currentChainedRecords(db: Kysely<Database>): Promise<CurrentRecord[]> {
  // Concatenated, never spread into push(): a kind may hold hundreds of thousands of rows.
  let figures: CurrentRecord[] = [];
  for (const kind of FIGURE_KINDS) figures = figures.concat(await figureRecords(db, kind));
  const punches = await db
    .selectFrom('punches')
    .innerJoin('employees', 'employees.id', 'punches.employeeId')
    .select([
      'punches.id',
      'employees.companyId',
      'punches.employeeId',
      'punches.attendanceId',
      'punches.action',
      'punches.at',
      'punches.method',
      'punches.terminal',
      'punches.createdAt',
      'punches.workMode',
      'punches.device',
      'punches.place',
      'punches.workplaceId',
    ])
    .execute();
  const revisions = await db
    .selectFrom('attendanceRevisions')
    .innerJoin('attendances', 'attendances.id', 'attendanceRevisions.attendanceId')
    .innerJoin('employees', 'employees.id', 'attendances.employeeId')
    .select([
      'attendanceRevisions.id',
      'employees.companyId',
      'attendances.employeeId',
      'attendanceRevisions.attendanceId',
      'attendanceRevisions.revision',
      'attendanceRevisions.timeIn',
      'attendanceRevisions.timeOut',
      'attendanceRevisions.breaks',
      'attendanceRevisions.workedSeconds',
      'attendanceRevisions.reason',
      'attendanceRevisions.reasonSalt',
      'attendanceRevisions.reasonDigest',
      'attendanceRevisions.authorId',
      'attendanceRevisions.createdAt',
      'employees.purgedAt',
    ])
    .execute();
  const voided = await db
    .selectFrom('attendances')
    .innerJoin('employees', 'employees.id', 'attendances.employeeId')
    .select([
      'attendances.id',
      'employees.companyId',
      'attendances.employeeId',
      'attendances.date',
      'attendances.voidedAt',
      'attendances.voidedBy',
      'attendances.voidReason',
      'attendances.voidReasonSalt',
      'attendances.voidReasonDigest',
      'employees.purgedAt',
    ])
    .where('attendances.voidedAt', 'is not', null)
    .execute();
  return [
    ...punches.map((p): CurrentRecord => ({ kind: 'punch', refId: p.id, companyId: p.companyId, payload: punchPayload(p) })),
    ...revisions.map((r): CurrentRecord => ({ kind: 'revision', refId: r.id, companyId: r.companyId, payload: revisionPayload(revisionFactsOf(r, r.purgedAt !== null)) })),
    ...voided.map((v): CurrentRecord => ({
      kind: 'void',
      refId: v.id,
      companyId: v.companyId,
      payload: voidPayload(voidFactsOf(v, v.purgedAt !== null)),
    })),
    ...figures,
  ];
}

/**
 * What a voided attendance row says, as the chain records it (written and verified alike). From
 * migration 0050 the reason is committed as its digest (decision 083); `purged`: the employee's data
 * was purged, so a row without text and salt stands for its stored digest.
 */
export function voidFactsOf(
  row: { id: number; employeeId: number; date: string; voidedAt: string | null; voidedBy: number | null; voidReason: string | null; voidReasonSalt?: string | null; voidReasonDigest?: string | null },
  purged = false,
): VoidFacts {
  const voidReasonDigest = committedDigest(sha256Hex, { text: row.voidReason, salt: row.voidReasonSalt ?? null, digest: row.voidReasonDigest ?? null }, purged);
  return { attendanceId: row.id, employeeId: row.employeeId, date: row.date, voidedAt: row.voidedAt!, voidedBy: row.voidedBy, voidReason: row.voidReason ?? '', voidReasonDigest };
}

/** What a revision row says, as the chain records it (written and verified alike; the reason as its digest from migration 0050). */
export function revisionFactsOf(row: Omit<RevisionFacts, 'breaks' | 'reasonDigest'> & { breaks: string; reasonSalt?: string | null; reasonDigest?: string | null }, purged = false): RevisionFacts {
  const reasonDigest = committedDigest(sha256Hex, { text: row.reason, salt: row.reasonSalt ?? null, digest: row.reasonDigest ?? null }, purged);
  return {
    id: row.id,
    attendanceId: row.attendanceId,
    employeeId: row.employeeId,
    revision: row.revision,
    timeIn: row.timeIn,
    timeOut: row.timeOut,
    breaks: parseBreaks(row.breaks),
    workedSeconds: row.workedSeconds,
    reason: row.reason,
    reasonDigest,
    authorId: row.authorId,
    createdAt: row.createdAt,
  };
}

/** Every company's id and name, by id (the integrity page names each chain). */
export function companyNamesForChains(db: Kysely<Database>): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('companies').select(['id', 'name']).orderBy('id').execute();
}

/** A company's entries of the given kinds after `seq`, newest first (decision 077 dates a change after receipt). */
export function chainEntriesAfter(db: Kysely<Database>, companyId: number, seq: number, kinds: readonly ChainKind[]) {
  return db
    .selectFrom('recordChain')
    .select(['seq', 'kind', 'refId', 'payload', 'createdAt'])
    .where('companyId', '=', companyId)
    .where('seq', '>', seq)
    .where('kind', 'in', [...kinds])
    .orderBy('seq', 'desc')
    .execute();
}

/** The payload of the row's entry before `seq` (what a deletion deleted), if any. */
export async function chainPayloadBefore(db: Kysely<Database>, companyId: number, seq: number, kind: ChainKind, refId: number): Promise<string | undefined> {
  const row = await db.selectFrom('recordChain').select('payload').where('companyId', '=', companyId).where('seq', '<', seq).where('kind', '=', kind).where('refId', '=', refId).orderBy('seq', 'desc').executeTakeFirst();
  return row?.payload;
}
