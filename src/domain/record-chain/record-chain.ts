import type { BreakInstants } from '../attendance/shift-times.ts';

/**
 * The tamper-evident chain of the lawful record (decision 033). Every punch, attendance revision
 * and voiding gets one entry in its company's chain: `payload` is the canonical JSON of the row's
 * lawful content, `hash = SHA-256(prevHash + payload)` (hex) and `prevHash` the hash of the entry
 * before it (GENESIS for the first). Triggers stop the app from changing a row; the chain shows
 * when someone with the database file did: a changed row no longer matches its entry's payload, a
 * changed entry no longer matches its hash or the next entry's link, and a removed one leaves a
 * gap in `seq`. Pure: the hash function is passed in (node:crypto on the server).
 */

/**
 * Append-only records (one entry each, for ever): punch, revision, void. The rows a month's
 * figures are read from and that the app may change (issue 33): attendance (its figure columns),
 * break, leave, holiday, schedule, approval, rules (break rules), contract (an employee's dated
 * contract terms), standby and interruption (time apart, issue 38 point 1), answer (the worker's answer to a company's
 * correction, decision 034: its comment by digest, migration 0051), pact and offer (complementary hours, decision 081) — each write appends an entry with the row as stored
 * (a deletion: the payload DELETED), and the LATEST entry of a row must equal the row.
 */
import type { SnapshotAlert } from '../periods/approval-snapshot.ts';

export type ChainKind = 'punch' | 'revision' | 'void' | FigureKind;
export type FigureKind = 'attendance' | 'break' | 'leave' | 'holiday' | 'schedule' | 'approval' | 'rules' | 'contract' | 'standby' | 'interruption' | 'answer' | 'pact' | 'offer' | 'shift';
export const FIGURE_KINDS: readonly FigureKind[] = ['attendance', 'break', 'leave', 'holiday', 'schedule', 'approval', 'rules', 'contract', 'standby', 'interruption', 'answer', 'pact', 'offer', 'shift'];
const isFigureKind = (kind: ChainKind): kind is FigureKind => (FIGURE_KINDS as readonly string[]).includes(kind);

/** The payload of an entry that records a row's deletion. */
export const DELETED = 'null';
export type Sha256 = (text: string) => string;

/** The `prevHash` of a company's first entry. */
export const GENESIS = '0'.repeat(64);

export interface ChainEntry {
  companyId: number;
  seq: number;
  kind: ChainKind;
  refId: number;
  payload: string;
  prevHash: string;
  hash: string;
  createdAt: string;
}

/** A company's latest entry: what the monthly record prints. */
export interface ChainHead {
  companyId: number;
  seq: number;
  hash: string;
  createdAt: string;
}

/** What a punch row says (every column but its id's autoincrement bookkeeping). */
export interface PunchFacts {
  id: number;
  employeeId: number;
  attendanceId: number | null;
  action: string;
  at: string;
  method: string;
  terminal: string | null;
  createdAt: string;
  /** A personal punch's work mode and device (decision 067); absent or null for every other punch. */
  workMode?: string | null;
  device?: string | null;
  /** Proof of place (decision 068): the place and workplace of an on-site personal punch; absent or null otherwise. */
  place?: string | null;
  workplaceId?: number | null;
}

/** What a revision row says, with the employee of its attendance. */
export interface RevisionFacts {
  id: number;
  attendanceId: number;
  employeeId: number;
  revision: number;
  timeIn: string;
  timeOut: string | null;
  breaks: readonly BreakInstants[];
  workedSeconds: number | null;
  reason: string | null;
  /** From migration 0050 (decision 083): SHA-256(salt + reason), chained instead of `reason`; null/absent before. */
  reasonDigest?: string | null;
  authorId: number | null;
  createdAt: string;
}

/** What a voiding says: which day, when, by whom and why. */
export interface VoidFacts {
  attendanceId: number;
  employeeId: number;
  date: string;
  voidedAt: string;
  voidedBy: number | null;
  voidReason: string;
  /** From migration 0050 (decision 083): SHA-256(salt + reason), chained instead of `voidReason`; null/absent before. */
  voidReasonDigest?: string | null;
}

/**
 * JSON with object keys sorted at every level: one text for one content, whatever the key order.
 * Text is written well-formed (a lone surrogate as U+FFFD), as both databases store it (issue 33):
 * a payload built from a string as sent then equals the one built from the row read back.
 */
export function canonicalJson(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.toWellFormed());
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** A personal punch's work mode, device and place (decisions 067, 068) are in its payload; other punches' payloads are as they always were. */
export const punchPayload = (p: PunchFacts): string =>
  canonicalJson({
    id: p.id,
    employeeId: p.employeeId,
    attendanceId: p.attendanceId,
    action: p.action,
    at: p.at,
    method: p.method,
    terminal: p.terminal,
    createdAt: p.createdAt,
    ...(p.workMode != null ? { workMode: p.workMode } : {}),
    ...(p.device != null ? { device: p.device } : {}),
    ...(p.place != null ? { place: p.place } : {}),
    ...(p.workplaceId != null ? { workplaceId: p.workplaceId } : {}),
  });

export const revisionPayload = (r: RevisionFacts): string =>
  canonicalJson({
    id: r.id,
    attendanceId: r.attendanceId,
    employeeId: r.employeeId,
    revision: r.revision,
    timeIn: r.timeIn,
    timeOut: r.timeOut,
    breaks: r.breaks.map((b) => ({ startAt: b.startAt, endAt: b.endAt })),
    workedSeconds: r.workedSeconds,
    ...(r.reasonDigest != null ? { reasonDigest: r.reasonDigest } : { reason: r.reason }),
    authorId: r.authorId,
    createdAt: r.createdAt,
  });

/** A free text chained from migration 0050 on is in the payload as its digest (`reasonDigest`, `voidReasonDigest`), never as text (decision 083). */
export const voidPayload = (v: VoidFacts): string =>
  canonicalJson({
    attendanceId: v.attendanceId,
    employeeId: v.employeeId,
    date: v.date,
    voidedAt: v.voidedAt,
    voidedBy: v.voidedBy,
    ...(v.voidReasonDigest != null ? { voidReasonDigest: v.voidReasonDigest } : { voidReason: v.voidReason }),
  });

/** What an attendance row says that a day's figures are read from (not its free-text reason nor its bookkeeping times). */
export interface AttendanceFacts {
  id: number;
  employeeId: number;
  date: string;
  timezone: string;
  timeIn: string;
  timeOut: string | null;
  workedSeconds: number | null;
  breakSeconds: number;
  statusIn: string | null;
  lateSeconds: number;
  earlyDepartureSeconds: number;
  source: string;
  workFlag: string | null;
  workMode: string;
  overtimeCompensation: string | null;
  /** Force majeure overtime's reason (decision 081); absent or null = not (left out of the payload then). */
  overtimeForceMajeure?: string | null;
  revision: number;
  voidedAt: string | null;
  closedAutomatically: number;
}
export interface BreakFacts {
  id: number;
  attendanceId: number;
  startAt: string;
  endAt: string | null;
}
/** A leave's decision: whose, which type, which dates, its state, and who decided when. */
export interface LeaveFacts {
  id: number;
  employeeId: number;
  leaveTypeId: number;
  fromDate: string;
  toDate: string;
  returnDate: string | null;
  status: string;
  decidedBy: number | null;
  decidedAt: string | null;
}
export interface HolidayFacts {
  id: number;
  companyId: number;
  date: string;
  name: string;
}
export interface ScheduleFacts {
  id: number;
  employeeId: number;
  startTime: string;
  offTime: string;
  totalHours: number;
  /** As stored (JSON text of weekday names). */
  restDays: string;
  fromDate: string;
  toDate: string | null;
  status: string;
}
export interface ApprovalFacts {
  id: number;
  employeeId: number;
  dateFrom: string;
  dateTo: string;
  status: string;
  approvedBy: number | null;
  approvedAt: string;
  reopenedBy: number | null;
  reopenedAt: string | null;
  /** Null when `reopenReasonDigest` stands for it (decision 083). */
  reopenReason: string | null;
  /** From migration 0050: SHA-256(salt + reopen reason), chained instead of the text; null/absent before or without a reason. */
  reopenReasonDigest?: string | null;
  /** SHA-256 of the approval's latest snapshot of figures (decision 051, update of issue 33); null/absent before snapshots existed. */
  snapshotDigest?: string | null;
}
/** A dated change of the break rules (decision 050, migration 0032): installation-wide, chained in the first company's chain. */
export interface RulesFacts {
  id: number;
  effectiveFrom: string;
  rules: string;
  createdAt: string;
  authorId: number | null;
}
/** A dated change of an employee's contract terms (issue 33 point 1, migration 0034): in the employee's company's chain. */
export interface ContractFacts {
  id: number;
  employeeId: number;
  effectiveFrom: string;
  workingDayType: string;
  partTimePercent: number | null;
  createdAt: string;
  authorId: number | null;
}
/** A waiting or on-call period (issue 38 point 1, migration 0047): in the employee's company's chain; its free-text note is not chained. */
export interface StandbyFacts {
  id: number;
  employeeId: number;
  kind: string;
  startAt: string;
  endAt: string;
  date: string;
  timezone: string;
  calledInSeconds: number;
  source: string;
  authorId: number | null;
  createdAt: string;
}
/** An interruption of digital disconnection (issue 38 point 1, migration 0047); its note is not chained. */
export interface InterruptionFacts {
  id: number;
  employeeId: number;
  at: string;
  date: string;
  timezone: string;
  channel: string;
  durationSeconds: number;
  workDone: number;
  source: string;
  authorId: number | null;
  createdAt: string;
}
/**
 * The worker's answer to a company's correction (decision 034; migration 0051): in the employee's
 * company's chain. Its comment is committed as `commentDigest` = SHA-256(salt + comment), never as
 * text (decision 083); a row without a comment has no digest and its payload no `commentDigest`.
 */
export interface AnswerFacts {
  id: number;
  attendanceId: number;
  revision: number;
  employeeId: number;
  status: string;
  dueAt: string;
  answeredBy: number | null;
  answeredAt: string | null;
  createdAt: string;
  commentDigest?: string | null;
}
/** An employee's pact of complementary hours (decision 081, migration 0048): in the employee's company's chain. */
export interface PactFacts {
  id: number;
  employeeId: number;
  signedOn: string;
  validFrom: string;
  validTo: string | null;
  sharePercent: number;
  collectiveAgreement: number;
  createdAt: string;
  authorId: number | null;
}
/** Voluntary complementary hours offered and the worker's answer (decision 081, migration 0048). */
export interface OfferFacts {
  id: number;
  employeeId: number;
  date: string;
  seconds: number;
  status: string;
  offeredBy: number | null;
  offeredAt: string;
  answeredAt: string | null;
}
/** A published roster day (decision 085, migration 0052). */
export interface ShiftFacts {
  id: number;
  employeeId: number;
  date: string;
  kind: string;
  startTime: string | null;
  endTime: string | null;
  breakMinutes: number;
  publishedAt: string;
  publishedBy: number | null;
}
export interface FigureFacts {
  attendance: AttendanceFacts;
  break: BreakFacts;
  leave: LeaveFacts;
  holiday: HolidayFacts;
  schedule: ScheduleFacts;
  approval: ApprovalFacts;
  rules: RulesFacts;
  contract: ContractFacts;
  standby: StandbyFacts;
  interruption: InterruptionFacts;
  answer: AnswerFacts;
  pact: PactFacts;
  offer: OfferFacts;
  shift: ShiftFacts;
}

/** The columns each figure kind's payload records, in one list (the repositories select exactly these). */
export const FIGURE_COLUMNS = {
  attendance: [
    'id',
    'employeeId',
    'date',
    'timezone',
    'timeIn',
    'timeOut',
    'workedSeconds',
    'breakSeconds',
    'statusIn',
    'lateSeconds',
    'earlyDepartureSeconds',
    'source',
    'workFlag',
    'workMode',
    'overtimeCompensation',
    'overtimeForceMajeure',
    'revision',
    'voidedAt',
    'closedAutomatically',
  ],
  break: ['id', 'attendanceId', 'startAt', 'endAt'],
  leave: ['id', 'employeeId', 'leaveTypeId', 'fromDate', 'toDate', 'returnDate', 'status', 'decidedBy', 'decidedAt'],
  holiday: ['id', 'companyId', 'date', 'name'],
  schedule: ['id', 'employeeId', 'startTime', 'offTime', 'totalHours', 'restDays', 'fromDate', 'toDate', 'status'],
  approval: ['id', 'employeeId', 'dateFrom', 'dateTo', 'status', 'approvedBy', 'approvedAt', 'reopenedBy', 'reopenedAt', 'reopenReason', 'snapshotDigest', 'reopenReasonDigest'],
  rules: ['id', 'effectiveFrom', 'rules', 'createdAt', 'authorId'],
  contract: ['id', 'employeeId', 'effectiveFrom', 'workingDayType', 'partTimePercent', 'createdAt', 'authorId'],
  standby: ['id', 'employeeId', 'kind', 'startAt', 'endAt', 'date', 'timezone', 'calledInSeconds', 'source', 'authorId', 'createdAt'],
  interruption: ['id', 'employeeId', 'at', 'date', 'timezone', 'channel', 'durationSeconds', 'workDone', 'source', 'authorId', 'createdAt'],
  answer: ['id', 'attendanceId', 'revision', 'employeeId', 'status', 'dueAt', 'answeredBy', 'answeredAt', 'createdAt', 'commentDigest'],
  pact: ['id', 'employeeId', 'signedOn', 'validFrom', 'validTo', 'sharePercent', 'collectiveAgreement', 'createdAt', 'authorId'],
  offer: ['id', 'employeeId', 'date', 'seconds', 'status', 'offeredBy', 'offeredAt', 'answeredAt'],
  shift: ['id', 'employeeId', 'date', 'kind', 'startTime', 'endTime', 'breakMinutes', 'publishedAt', 'publishedBy'],
} as const satisfies { [K in FigureKind]: readonly (keyof FigureFacts[K])[] };

/** The canonical payload of a figure row: exactly its FIGURE_COLUMNS (extra properties of `row` are left out). */
export function figurePayload<K extends FigureKind>(kind: K, row: FigureFacts[K]): string {
  const facts: Record<string, unknown> = {};
  for (const column of FIGURE_COLUMNS[kind]) {
    const value = (row as unknown as Record<string, unknown>)[column] ?? null;
    // A column added after entries were written is left out while empty: those entries still verify.
    if (!(value === null && LATER_COLUMNS.has(column))) facts[column] = value;
  }
  return canonicalJson(facts);
}

/**
 * FIGURE_COLUMNS left out of a payload while null: added after migration 0028 chained existing rows
 * (an approval's snapshot digest, migration 0031; its reopen reason's digest, 0050; an attendance's
 * force majeure reason, 0048), or absent by design (an answer without a comment has no
 * `commentDigest`, 0051).
 */
const LATER_COLUMNS: ReadonlySet<string> = new Set(['snapshotDigest', 'reopenReasonDigest', 'commentDigest', 'overtimeForceMajeure']);

/** The hash of an entry: SHA-256 of the previous hash followed by the payload. */
export const entryHash = (sha256: Sha256, prevHash: string, payload: string): string => sha256(prevHash + payload);

/**
 * The entries that follow `head` (null: an empty chain) for new records, in order: each links to
 * the one before. The caller inserts them in the same transaction as the records.
 */
export function nextEntries(sha256: Sha256, companyId: number, head: { seq: number; hash: string } | null, records: readonly { kind: ChainKind; refId: number; payload: string }[], createdAt: string): ChainEntry[] {
  let seq = head?.seq ?? 0;
  let prevHash = head?.hash ?? GENESIS;
  return records.map((r) => {
    const hash = entryHash(sha256, prevHash, r.payload);
    const entry: ChainEntry = { companyId, seq: ++seq, kind: r.kind, refId: r.refId, payload: r.payload, prevHash, hash, createdAt };
    prevHash = hash;
    return entry;
  });
}

/** A record as it is now, with its canonical payload (see punchPayload, revisionPayload, voidPayload, figurePayload). */
export interface CurrentRecord {
  kind: ChainKind;
  refId: number;
  /** The company of its employee now (only to name it when its entry is missing). */
  companyId: number;
  payload: string;
}

export type ChainProblem =
  /** `seq` is not the next number: an entry was removed or the entries were reordered. */
  | 'sequence'
  /** `prevHash` is not the hash of the entry before. */
  | 'link'
  /** `hash` is not SHA-256(prevHash + payload): the entry was edited. */
  | 'hash'
  /** Another entry already stands for the same record. */
  | 'duplicate'
  /** The record the entry stands for is no longer there. */
  | 'rowMissing'
  /** The record is there but says something else than when it was chained. */
  | 'rowChanged'
  /** A record no entry stands for (inserted behind the app's back). */
  | 'entryMissing'
  /** A figure row whose latest entry records its deletion is there again (put back behind the app). */
  | 'rowNotDeleted';

export interface BrokenEntry {
  companyId: number;
  /** Null for a record without an entry. */
  seq: number | null;
  kind: ChainKind;
  refId: number;
  problem: ChainProblem;
  /** For `rowChanged`: the fields that differ. */
  fields?: string[];
}

/** How many broken entries a check lists (it counts them all). */
export const MAX_LISTED_BREAKS = 100;

export interface ChainVerdict {
  ok: boolean;
  entries: number;
  heads: ChainHead[];
  /** How many entries and records are broken (0 when ok). */
  brokenCount: number;
  /** The first MAX_LISTED_BREAKS of them, by company and seq, then the records without an entry. */
  broken: BrokenEntry[];
}

/** The top-level keys whose values differ between two canonical JSON objects. */
function differingFields(a: string, b: string): string[] {
  const x = JSON.parse(a) as Record<string, unknown>;
  const y = JSON.parse(b) as Record<string, unknown>;
  return [...new Set([...Object.keys(x), ...Object.keys(y)])].filter((k) => canonicalJson(x[k]) !== canonicalJson(y[k])).sort();
}

/**
 * Checks every company's chain against itself and against the records as they are now: entries
 * in (companyId, seq) order, seq 1, 2, 3… per company, each linked to the one before, each hash
 * recomputed; an append-only record (punch, revision, void) has one entry whose payload equals
 * its record's; a figure row (FIGURE_KINDS) may have many, and its LATEST entry must equal the row
 * as it is now (or, when that entry records a deletion, the row must be gone). Then every record
 * has an entry. Every entry is judged on its own (one problem each, the first in that order), so
 * the check goes on past a break: a second edit further on is reported too (issue 33). Returns
 * the heads, how many are broken and the first MAX_LISTED_BREAKS of them (by company and seq;
 * records without an entry after all entries).
 */
export function verifyChain(entries: readonly ChainEntry[], records: readonly CurrentRecord[], sha256: Sha256): ChainVerdict {
  const sorted = [...entries].sort((a, b) => a.companyId - b.companyId || a.seq - b.seq);
  const current = new Map(records.map((r) => [`${r.kind}:${r.refId}`, r]));
  const seen = new Set<string>();
  const heads: ChainHead[] = [];
  const found: BrokenEntry[] = [];
  /** A figure row's latest entry, unless an earlier problem was already reported for it. */
  const latest = new Map<string, ChainEntry | null>();
  let prev: ChainEntry | undefined;
  for (const e of sorted) {
    const first = prev === undefined || prev.companyId !== e.companyId;
    if (first && prev) heads.push(headOf(prev));
    const key = `${e.kind}:${e.refId}`;
    const at = { companyId: e.companyId, seq: e.seq, kind: e.kind, refId: e.refId };
    const record = current.get(key);
    const figure = isFigureKind(e.kind);
    const problem: ChainProblem | null =
      e.seq !== (first ? 1 : prev!.seq + 1)
        ? 'sequence'
        : e.prevHash !== (first ? GENESIS : prev!.hash)
          ? 'link'
          : e.hash !== entryHash(sha256, e.prevHash, e.payload)
            ? 'hash'
            : figure
              ? null
              : seen.has(key)
                ? 'duplicate'
                : !record
                  ? 'rowMissing'
                  : null;
    if (problem) found.push({ ...at, problem });
    else if (!figure && record!.payload !== e.payload) found.push({ ...at, problem: 'rowChanged', fields: differingFields(e.payload, record!.payload) });
    // A figure row is judged against its latest entry, once the whole chain is read.
    // Within a company the later seq is the later write; a row chained in two companies (its
    // employee moved) is judged by its latest entry in time.
    const before = latest.get(key);
    if (figure && (!before || before.companyId === e.companyId || e.createdAt >= before.createdAt)) latest.set(key, problem ? null : e);
    seen.add(key);
    prev = e;
  }
  if (prev) heads.push(headOf(prev));
  for (const [key, e] of latest) {
    if (!e) continue;
    const record = current.get(key);
    const at = { companyId: e.companyId, seq: e.seq, kind: e.kind, refId: e.refId };
    if (e.payload === DELETED) {
      if (record) found.push({ ...at, problem: 'rowNotDeleted' });
    } else if (!record) found.push({ ...at, problem: 'rowMissing' });
    else if (record.payload !== e.payload) found.push({ ...at, problem: 'rowChanged', fields: differingFields(e.payload, record.payload) });
  }
  found.sort((a, b) => a.companyId - b.companyId || a.seq! - b.seq!);
  const unchained = records.filter((r) => !seen.has(`${r.kind}:${r.refId}`)).sort((a, b) => a.companyId - b.companyId || a.kind.localeCompare(b.kind) || a.refId - b.refId);
  for (const r of unchained) found.push({ companyId: r.companyId, seq: null, kind: r.kind, refId: r.refId, problem: 'entryMissing' });
  return { ok: found.length === 0, entries: sorted.length, heads, brokenCount: found.length, broken: found.slice(0, MAX_LISTED_BREAKS) };
}

const headOf = (e: ChainEntry): ChainHead => ({ companyId: e.companyId, seq: e.seq, hash: e.hash, createdAt: e.createdAt });

/** Where a broken entry is and what is wrong with it, in one line (the command line prints it; the page translates). */
export function describeBroken(b: BrokenEntry): string {
  const where = b.seq === null ? `company ${b.companyId}, ${b.kind} ${b.refId}` : `company ${b.companyId}, entry #${b.seq} (${b.kind} ${b.refId})`;
  const what: Record<ChainProblem, string> = {
    sequence: 'an entry before it is missing or the entries were reordered',
    link: 'it does not link to the entry before it',
    hash: 'its hash does not match its content (the entry was edited)',
    duplicate: 'another entry already stands for the same record',
    rowMissing: `the ${b.kind} it records is missing`,
    rowChanged: `the ${b.kind} it records was changed${b.fields?.length ? ` (${b.fields.join(', ')})` : ''}`,
    entryMissing: 'no chain entry records it (added behind the app)',
    rowNotDeleted: `the ${b.kind} it records as deleted is there again`,
  };
  return `${where}: ${what[b.problem]}.`;
}

/**
 * A broken chain as the command line prints it: a line with the count, then one line per listed
 * entry, then how many more were not listed.
 */
export function describeBrokenChain(check: { brokenCount: number; broken: readonly BrokenEntry[] }): string[] {
  const n = check.brokenCount;
  const lines = [`Record chain broken: ${n} ${n === 1 ? 'entry does' : 'entries do'} not verify.`, ...check.broken.map((b) => `  ${describeBroken(b)}`)];
  if (n > check.broken.length) lines.push(`  … and ${n - check.broken.length} more (the first ${check.broken.length} are listed).`);
  return lines;
}

/** The head as printed on a record: `#seq · first 16 hex digits`. */
export const shortHead = (head: Pick<ChainHead, 'seq' | 'hash'>): string => `#${head.seq} · ${head.hash.slice(0, 16)}`;

/** The check as the API answers it (`GET /api/record-chain/verify`). */
export interface CompanyChain {
  companyId: number;
  companyName: string;
  /** Null while the company has recorded nothing. */
  head: ChainHead | null;
}

export interface RecordChainCheck {
  ok: boolean;
  /** How many entries were checked. */
  entries: number;
  /** How many entries and records are broken (0 when ok). */
  brokenCount: number;
  /** The first MAX_LISTED_BREAKS broken entries, in chain order (empty when ok). */
  broken: BrokenEntry[];
  companies: CompanyChain[];
  /**
   * Approved periods whose frozen figures differ from a fresh computation (decision 051, update
   * of issue 33): a distinct problem from a broken chain, listed by `verify` (command, API,
   * Settings); absent where only the chain is checked (the PostgreSQL copy).
   */
  approvedFigures?: SnapshotAlert[];
}
