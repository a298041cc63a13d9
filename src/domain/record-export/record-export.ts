import { canonicalJson } from '../record-chain/record-chain.ts';

/**
 * The open export of the working-time record (issue 38 point 6, decision 084): a versioned JSON
 * document (`docs/record-format/record-v1.schema.json`) that anyone can check with the standalone
 * verifier (`public/record-format/verify-record.js`). Pure: the hash function is passed in.
 *
 * - Every item of every section carries `itemHash` = SHA-256 of its canonical JSON without it, so a
 *   changed name, time or figure names its item even where the chain does not hold it (names).
 * - `seal.value` = SHA-256 of the canonical JSON of the export with each item replaced by its
 *   itemHash plus the chain heads (`sealedText`), so an item added, removed or re-hashed shows.
 * - The `chain` section holds every entry of the exported companies' record chains (decision 033)
 *   from seq 1, so the verifier recomputes `hash = SHA-256(prevHash + payload)` and compares each
 *   punch, break, revision, voiding and day with its entry's payload.
 */
export const RECORD_EXPORT_FORMAT = 'jornada-record';
export const RECORD_EXPORT_VERSION = 1;

/**
 * The sections, in the order the JSON and the CSV twin write them, each with its columns (the CSV
 * twin's header; the JSON items have exactly these keys plus `itemHash`). A new kind of record
 * (on-call periods, interruptions, disputes…) is one more entry here, its item type below and its
 * rows in the service: the verifier hashes and seals every section it finds.
 */
export const RECORD_EXPORT_SECTIONS = {
  companies: ['id', 'name', 'taxId'],
  workers: ['id', 'companyId', 'name', 'nationalId', 'socialSecurityNumber', 'department', 'jobTitle', 'workingDayType', 'partTimePercent'],
  totals: [
    'employeeId',
    'frozenAt',
    'attendedDays',
    'workedDays',
    'openDays',
    'absentDays',
    'leaveDays',
    'workedSeconds',
    'countedSeconds',
    'breakSeconds',
    'expectedSeconds',
    'ordinarySeconds',
    'overtimeSeconds',
    'complementarySeconds',
    'overtimePaidSeconds',
    'overtimeRestSeconds',
    'overtimeUnmarkedSeconds',
    'onSiteDays',
    'remoteDays',
    'overtimeForceMajeureSeconds',
    'complementaryAgreedSeconds',
    'complementaryVoluntarySeconds',
    'complementaryExceedingSeconds',
    'complementaryNotAllowedSeconds',
    'waitingSeconds',
    'onCallSeconds',
    'calledInSeconds',
    'interruptions',
    'interruptionWorkSeconds',
    'acknowledgedAt',
  ],
  days: [
    'employeeId',
    'date',
    'attendanceId',
    'kind',
    'timezone',
    'timeIn',
    'timeOut',
    'breakSeconds',
    'workedSeconds',
    'countedSeconds',
    'deductedSeconds',
    'expectedSeconds',
    'ordinarySeconds',
    'overtimeSeconds',
    'complementarySeconds',
    'lateSeconds',
    'earlyDepartureSeconds',
    'leaveType',
    'holiday',
    'workMode',
    'overtimeCompensation',
    'overtimeForceMajeure',
    'complementaryAgreedSeconds',
    'complementaryVoluntarySeconds',
    'complementaryExceedingSeconds',
    'complementaryNotAllowedSeconds',
    'corrected',
    'source',
    'reason',
    'workFlag',
    'closedAutomatically',
  ],
  punches: ['id', 'employeeId', 'attendanceId', 'action', 'at', 'method', 'terminal', 'createdAt', 'workMode', 'device', 'place', 'workplaceId'],
  breaks: ['id', 'attendanceId', 'employeeId', 'startAt', 'endAt'],
  revisions: ['id', 'attendanceId', 'employeeId', 'revision', 'timeIn', 'timeOut', 'breaks', 'workedSeconds', 'reason', 'reasonSalt', 'authorId', 'authorName', 'createdAt'],
  requests: ['id', 'employeeId', 'attendanceId', 'date', 'kind', 'timeIn', 'timeOut', 'breakIn', 'breakOut', 'reason', 'status', 'createdBy', 'createdAt', 'decidedBy', 'decidedAt', 'comment', 'appliedRevision'],
  answers: ['id', 'attendanceId', 'revision', 'employeeId', 'status', 'dueAt', 'comment', 'commentSalt', 'answeredBy', 'answeredAt', 'createdAt'],
  voids: ['attendanceId', 'employeeId', 'date', 'timeIn', 'timeOut', 'workedSeconds', 'voidedAt', 'voidedBy', 'voidReason', 'voidReasonSalt'],
  pacts: ['id', 'employeeId', 'signedOn', 'validFrom', 'validTo', 'sharePercent', 'collectiveAgreement', 'createdAt', 'authorId'],
  offers: ['id', 'employeeId', 'date', 'seconds', 'status', 'offeredBy', 'offeredAt', 'answeredAt'],
  standby: ['id', 'employeeId', 'kind', 'startAt', 'endAt', 'date', 'timezone', 'calledInSeconds', 'source', 'authorId', 'note', 'createdAt'],
  interruptions: ['id', 'employeeId', 'at', 'date', 'timezone', 'channel', 'durationSeconds', 'workDone', 'source', 'authorId', 'note', 'createdAt'],
  chain: ['companyId', 'seq', 'kind', 'refId', 'payload', 'prevHash', 'hash', 'createdAt'],
} as const;

export type RecordExportSection = keyof typeof RECORD_EXPORT_SECTIONS;
export const RECORD_EXPORT_SECTION_NAMES = Object.keys(RECORD_EXPORT_SECTIONS) as RecordExportSection[];

/** A value an item may hold (a revision's breaks are a list of objects). */
export type ExportValue = string | number | boolean | null | readonly { readonly [key: string]: string | null }[];
export type ExportItem = Record<string, ExportValue>;

/** What the export is of: the month, and the department or employee asked for (null: all). */
export interface RecordExportScope {
  month: string;
  from: string;
  to: string;
  employeeId: number | null;
  departmentId: number | null;
}

export interface RecordExportHead {
  companyId: number;
  seq: number;
  hash: string;
}

export interface UnsealedRecordExport {
  exportedAt: string;
  timezone: string;
  scope: RecordExportScope;
  sections: Record<RecordExportSection, ExportItem[]>;
}

export interface RecordExport {
  format: typeof RECORD_EXPORT_FORMAT;
  version: typeof RECORD_EXPORT_VERSION;
  exportedAt: string;
  timezone: string;
  scope: RecordExportScope;
  sections: Record<RecordExportSection, (ExportItem & { itemHash: string })[]>;
  seal: { algorithm: 'SHA-256'; heads: RecordExportHead[]; value: string };
}

/** Each company's last chain entry, in the order the chain section lists the companies. */
export function chainHeadsOf(chain: readonly ExportItem[]): RecordExportHead[] {
  const last = new Map<number, RecordExportHead>();
  for (const e of chain) last.set(e['companyId'] as number, { companyId: e['companyId'] as number, seq: e['seq'] as number, hash: e['hash'] as string });
  return [...last.values()];
}

/** The text the seal hashes: the export without its seal, each item replaced by its itemHash, and the heads. */
export function sealedText(doc: Omit<RecordExport, 'seal'>, heads: readonly RecordExportHead[]): string {
  const sections: Record<string, string[]> = {};
  for (const [name, items] of Object.entries(doc.sections)) sections[name] = items.map((i) => i.itemHash);
  return canonicalJson({ format: doc.format, version: doc.version, exportedAt: doc.exportedAt, timezone: doc.timezone, scope: doc.scope, sections, heads });
}

/** Adds each item's hash and the seal (the verifier recomputes both the same way). */
export function sealRecordExport(unsealed: UnsealedRecordExport, sha256: (text: string) => string): RecordExport {
  const sections = {} as RecordExport['sections'];
  for (const name of RECORD_EXPORT_SECTION_NAMES) sections[name] = unsealed.sections[name].map((item) => ({ ...item, itemHash: sha256(canonicalJson(item)) }));
  const doc = { format: RECORD_EXPORT_FORMAT, version: RECORD_EXPORT_VERSION, exportedAt: unsealed.exportedAt, timezone: unsealed.timezone, scope: unsealed.scope, sections } as const;
  const heads = chainHeadsOf(unsealed.sections.chain);
  return { ...doc, seal: { algorithm: 'SHA-256', heads, value: sha256(sealedText(doc, heads)) } };
}
