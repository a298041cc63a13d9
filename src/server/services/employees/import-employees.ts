import type { Insertable } from 'kysely';
import * as v from 'valibot';
import { EmployeeImportRequest, nationalIdKey, parseEmployeeCsvInChunks, REFERENCE_FIELDS, validateImportRowsInChunks, type CheckedRow, type CsvField, type RowProblem } from '#domain/employees/csv-import.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import { pinKey } from '../../auth/pin-key.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { employeeUniqueKeys, insertEmployees } from '../../db/repositories/employees.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';
import { emitCompanyWebhookEvents, type WebhookEventInput } from '../webhooks/emit-webhook-event.ts';
import { employeeCreatedData } from './employee-events.ts';
import { companyNames } from '../../db/repositories/org/companies.ts';
import type { EmployeeTable } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { employeeColumns } from './employee-checks.ts';
import { ReferenceResolver, type ResolvedRefs } from './import-references.ts';
import { requireWriteKind, type RecordActor } from '../record-guard.ts';
import { assertPinChecksAllowed, recordPinConflicts } from './pin-conflicts.ts';
import { nowIso } from '../../clock/now.ts';

/**
 * A pause for the import's loops, called every ~100 rows: once 5 ms of work have passed since the
 * last yield it yields to the event loop (setImmediate, after pending I/O), so other requests are
 * served while a large file is read; otherwise it goes on at once. Each import has its own.
 */
function timeSlicer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < 5) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}
/** Rows given their PIN key (an HMAC each), or checked against the records, between two pauses. */
const KEYS_PER_PAUSE = 100;

/** 422 listing every refused row; nothing was written. */
export class EmployeeImportRejected extends AppError {
  constructor(
    readonly rows: RowProblem[],
    /** Header text of each field in the file, to name columns as the file does. */
    readonly headerOf: Partial<Record<CsvField, string>>,
  ) {
    super('employeeImport.rejected', 422, { count: new Set(rows.map((r) => r.line)).size });
  }
}

/** Problems an import's refusal lists; the answer also says how many there were in all. */
export const MAX_REPORTED_PROBLEMS = 1_000;

/** The 422 answer's body of a refused import: the first MAX_REPORTED_PROBLEMS problems, translated. */
export interface ImportRejectionBody {
  message: string;
  code: string;
  /** Every problem of the file (the rows listed are the first MAX_REPORTED_PROBLEMS of them). */
  problemCount: number;
  rows: { line: number; field: string; column: string; message: string }[];
}

/**
 * The answer to a refused import, built a slice at a time (issue 34 point 6): a failed
 * 100,000-row file used to be answered with every problem translated in one go, 19.5 MB of JSON
 * built while every other request waited 3–8 s. Now the count and the first 1,000 problems, the
 * translation yielding to the event loop between slices.
 */
export async function importRejectionBody(error: EmployeeImportRejected, lang: Language): Promise<ImportRejectionBody> {
  const pause = timeSlicer();
  const rows: ImportRejectionBody['rows'] = [];
  const listed = error.rows.slice(0, MAX_REPORTED_PROBLEMS);
  for (let i = 0; i < listed.length; i++) {
    if (i > 0 && i % KEYS_PER_PAUSE === 0) await pause();
    const p = listed[i]!;
    rows.push({ line: p.line, field: p.field, column: p.field ? (error.headerOf[p.field as keyof typeof error.headerOf] ?? p.field) : '', message: translate(lang, p.key, p.params) });
  }
  return { message: translate(lang, error.code, error.params), code: error.code, problemCount: error.rows.length, rows };
}

export interface ImportOutcome {
  dryRun: boolean;
  /** Rows that are valid (dry run) or were created. */
  count: number;
  /** Records made (or, in a dry run, to be made) for names that did not exist. */
  created: { companies: string[]; departments: string[]; jobTitles: string[]; leaveGroups: string[] };
  /** Headers that name no employee field; their values are not imported. */
  ignoredColumns: string[];
}

interface Prepared {
  line: number;
  row: CheckedRow;
  refs?: ResolvedRefs;
  pinKey?: string;
}

/**
 * Imports employees from CSV text: all rows or none. Every row is checked with the employee
 * schema and the cross-record rules — references by name, PIN unique per company (against the
 * database and the file's other rows), badge unique, national ID not already present nor repeated
 * in the file — and any problem refuses the whole file with each bad row's line and reason.
 * Otherwise (unless `dryRun`) one transaction creates the missing organisation records when
 * `createMissing` asks for it, inserts the employees in chunks, and appends one audit entry.
 * The checks run inside that same transaction, so nothing can slip in between check and write.
 *
 * The CPU-heavy part — parsing, the schema checks and the PIN keys — runs before the transaction
 * in pieces with a pause for the event loop between them (about 5 ms each), so other requests
 * keep being answered during a 100,000-row import; only the lookups and inserts hold it.
 * PINs already used by recorded employees count against the account's PIN-conflict limit
 * (pin-conflicts.ts), dry runs included: past it the answer is 429 instead of the rows.
 */
export async function importEmployees(db: Db, body: unknown, actor: RecordActor, lang: Language): Promise<ImportOutcome> {
  // Employee-owned data: only within the actor's reach and only what the policy lets it write (decision 024).
  requireWriteKind(actor, 'record');
  const actorId = actor.id;
  const request = v.safeParse(EmployeeImportRequest, body);
  if (!request.success) throw new AppError('employeeImport.noFile', 422);
  const { csv, createMissing, dryRun } = request.output;
  await assertPinChecksAllowed(actorId);
  const pause = timeSlicer();

  const parsed = await parseEmployeeCsvInChunks(csv, pause);
  if (parsed.headers.length === 0) throw new AppError('employeeImport.empty', 422);
  if (parsed.duplicateColumns.length > 0) throw new AppError('employeeImport.duplicateColumns', 422, { columns: parsed.duplicateColumns.join(', ') });
  let missing = parsed.missingColumns;
  if (missing.length === 1 && missing[0] === 'company') {
    // With one company the column may be left out: every row belongs to it.
    const companies = await companyNames(db, 2);
    if (companies.length === 1) {
      for (const row of parsed.rows) row.values.company = companies[0]!.name;
      missing = [];
    }
  }
  if (missing.length > 0) throw new AppError('employeeImport.missingColumns', 422, { columns: missing.join(', ') });
  if (parsed.rows.length === 0 && parsed.problems.length === 0) throw new AppError('employeeImport.noRows', 422);

  const fileChecks = await validateImportRowsInChunks(parsed.rows, pause);
  const keys = new Map<number, string>();
  for (let i = 0; i < fileChecks.checked.length; i++) {
    if (i > 0 && i % KEYS_PER_PAUSE === 0) await pause();
    const row = fileChecks.checked[i]!;
    const pin = row.input['pin']?.trim();
    if (pin && !row.flagged.has('pin')) keys.set(row.line, pinKey(pin));
  }
  const run = async (trx: Db): Promise<ImportOutcome> => {
    const problems = [...parsed.problems, ...fileChecks.problems];
    const resolver = await ReferenceResolver.load(trx, createMissing);
    // A dry run holds no transaction, so it may pause here too; a real import must not (other
    // requests' queries would queue behind the transaction anyway).
    const prepared = await checkAgainstRecords(trx, fileChecks.checked, keys, resolver, problems, dryRun ? pause : undefined);
    if (problems.length > 0) {
      problems.sort((a, b) => a.line - b.line);
      throw new EmployeeImportRejected(problems, parsed.headerOf);
    }
    const outcome: ImportOutcome = { dryRun, count: prepared.length, created: resolver.summary(), ignoredColumns: parsed.unknownColumns };
    if (dryRun) return outcome;

    const at = nowIso();
    const ids = await resolver.createPlanned(trx, at, (name) => translate(lang, 'employeeImport.createdGroupDescription', { name }));
    const id = (ref: number) => (ref < 0 ? ids.get(ref)! : ref);
    const values: Insertable<EmployeeTable>[] = prepared.map(({ row, refs, pinKey: key }) => ({
      ...employeeColumns({
        ...row.data!,
        company: id(refs!.company),
        department: id(refs!.department),
        jobTitle: id(refs!.jobTitle),
        leaveGroup: id(refs!.leaveGroup),
      }),
      pinKey: key!,
      image: null,
      biometricConsentAt: null,
      biometricConsentBy: null,
      createdAt: at,
      updatedAt: at,
    }));
    const inserted = await insertEmployees(trx, values);
    // Webhooks (issue 41.5): one `employee.created` per imported employee, in the import's
    // transaction; each company's webhooks are read once.
    const byKey = new Map(values.map((v) => [v.pinKey, v]));
    const events = new Map<number, WebhookEventInput[]>();
    for (const row of inserted) {
      const v = byKey.get(row.pinKey)!;
      const list = events.get(v.companyId) ?? [];
      list.push({ event: 'employee.created', occurredAt: at, data: employeeCreatedData(row.id, v, 'import') });
      events.set(v.companyId, list);
    }
    for (const [companyId, list] of events) await emitCompanyWebhookEvents(trx, companyId, list);
    await appendAudit(trx, {
      userId: actorId,
      entity: 'employee',
      entityId: null,
      action: 'import',
      after: { count: values.length, createdRecords: outcome.created, ignoredColumns: outcome.ignoredColumns },
      at,
    });
    return outcome;
  };
  try {
    const outcome = await (dryRun ? run(db) : db.transaction().execute(run));
    if (!dryRun) wakeOutbox();
    return outcome;
  } catch (error) {
    if (!(error instanceof EmployeeImportRejected)) throw error;
    const conflicts = error.rows.filter((p) => p.key === 'employees.pinTaken').length;
    throw (await recordPinConflicts(db, actorId, conflicts, { source: 'import', dryRun })) ?? error;
  }
}

/**
 * The checks that need the database: references by name, and PIN (its key from `keys`, by line),
 * badge and national ID against the employees already recorded. Appends to `problems`; returns
 * the rows ready to insert. `pauseNow` (dry runs only) lets other requests in between rows.
 */
async function checkAgainstRecords(db: Db, rows: readonly CheckedRow[], keys: ReadonlyMap<number, string>, resolver: ReferenceResolver, problems: RowProblem[], pauseNow?: () => Promise<void>): Promise<Prepared[]> {
  const existing = await employeeUniqueKeys(db);
  const pins = new Set(existing.map((e) => `${e.companyId}\u0000${e.pinKey}`));
  const cards = new Set(existing.flatMap((e) => (e.rfidCard ? [e.rfidCard] : [])));
  const nationalIds = new Set(existing.map((e) => nationalIdKey(e.nationalId)));

  const prepared: Prepared[] = [];
  let done = 0;
  for (const row of rows) {
    if (pauseNow && ++done % KEYS_PER_PAUSE === 0) await pauseNow();
    const usable = (field: string) => {
      const value = row.input[field]?.trim();
      return value && !row.flagged.has(field) ? value : undefined;
    };
    const names = Object.fromEntries(REFERENCE_FIELDS.flatMap((f) => (usable(f) ? [[f, usable(f)!]] : [])));
    const resolved = resolver.resolve(row.line, names);
    problems.push(...resolved.problems);

    const key = usable('pin') ? keys.get(row.line) : undefined;
    if (key && resolved.company !== undefined && resolved.company > 0 && pins.has(`${resolved.company}\u0000${key}`)) {
      problems.push({ line: row.line, field: 'pin', key: 'employees.pinTaken' });
    }
    const card = usable('rfidCard');
    if (card && cards.has(card)) problems.push({ line: row.line, field: 'rfidCard', key: 'employees.rfidTaken' });
    const nationalId = usable('nationalId');
    if (nationalId && nationalIds.has(nationalIdKey(nationalId))) {
      problems.push({ line: row.line, field: 'nationalId', key: 'employeeImport.nationalIdExists' });
    }
    if (row.data && resolved.refs && key) prepared.push({ line: row.line, row, refs: resolved.refs, pinKey: key });
  }
  return prepared;
}
