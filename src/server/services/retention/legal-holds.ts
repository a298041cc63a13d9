import * as v from 'valibot';
import { CompanyLegalHoldInput, LegalHoldInput } from '#domain/retention/retention-rules.ts';
import { issuesToFieldKeys } from '#domain/auth/auth-schemas.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { companiesForHolds, companyExists, companyOfEmployee, insertLegalHold, legalHoldRows, releaseLegalHoldRow, type LegalHoldRow } from '../../db/repositories/legal-holds.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { nowIso } from '../../clock/now.ts';
import { requireWritable, type RecordActor } from '../record-guard.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { managesCompanyRow } from '../users/managed-company.ts';

export type { LegalHoldRow };

/**
 * Legal holds (decision 083): while an unreleased hold covers a person (theirs or their company's),
 * the retention purge keeps their data. Placing one only keeps data longer, so whoever may edit the
 * employee (`employee.update`) may place it on them; a company-wide hold and every release (which
 * lets the purge go on) need `setting.update` (the API table). Each is audited.
 */
function parseHold<S extends typeof LegalHoldInput | typeof CompanyLegalHoldInput>(schema: S, input: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(schema, input);
  if (!parsed.success) throw new AppError('validation.invalidInput', 422, {}, issuesToFieldKeys(parsed.issues));
  return parsed.output;
}

async function place(db: Db, actorId: number, hold: { companyId: number; employeeId: number | null; reason: string }): Promise<LegalHoldRow> {
  return db.transaction().execute(async (trx) => {
    const at = nowIso();
    const id = await insertLegalHold(trx, { ...hold, setBy: actorId, setAt: at });
    await appendAudit(trx, { userId: actorId, entity: 'legalHold', entityId: id, action: 'create', before: null, after: hold, reason: hold.reason, at });
    return (await legalHoldRows(trx, { id }))[0]!;
  });
}

/**
 * Whose company-wide holds an account places, lists and releases (issue 34.1's company scope): a
 * SuperAdmin every company's, an Admin its own company's; another company's hold is a 404, so an
 * Admin cannot release the hold that keeps another company's former staff from the purge.
 */
type HoldManager = RecordActor & Pick<SessionUser, 'companyId'>;

/** POST /api/legal-holds {companyId, reason}: a hold on a whole company. */
export async function placeCompanyHold(db: Db, actor: HoldManager, input: unknown): Promise<LegalHoldRow> {
  const { companyId, reason } = parseHold(CompanyLegalHoldInput, input);
  if (!managesCompanyRow(actor, companyId)) throw notFound();
  if (!(await companyExists(db, companyId))) throw new AppError('validation.invalidInput', 422, {}, { companyId: 'legalHold.companyRequired' });
  return place(db, actor.id, { companyId, employeeId: null, reason });
}

/** POST /api/employees/{id}/legal-holds {reason}: a hold on one employee (within the actor's reach). */
export async function placeEmployeeHold(db: Db, actor: RecordActor, employeeId: number, input: unknown): Promise<LegalHoldRow> {
  requireWritable(actor, employeeId, 'record');
  const companyId = await companyOfEmployee(db, employeeId);
  if (companyId === undefined) throw notFound();
  const { reason } = parseHold(LegalHoldInput, input);
  return place(db, actor.id, { companyId, employeeId, reason });
}

/** POST /api/legal-holds/{id}/release: 404 unknown, 409 already released. */
export async function releaseLegalHold(db: Db, actor: HoldManager, id: number): Promise<LegalHoldRow> {
  return db.transaction().execute(async (trx) => {
    const [before] = await legalHoldRows(trx, { id });
    if (!before || !managesCompanyRow(actor, before.companyId)) throw notFound();
    const at = nowIso();
    if (!(await releaseLegalHoldRow(trx, id, { releasedBy: actor.id, releasedAt: at }))) throw new AppError('legalHold.alreadyReleased', 409);
    await appendAudit(trx, { userId: actor.id, entity: 'legalHold', entityId: id, action: 'release', before: { releasedAt: null }, after: { releasedAt: at }, at });
    return (await legalHoldRows(trx, { id }))[0]!;
  });
}

/** The companies a company-wide hold may name (Settings): those the account manages. */
export async function legalHoldCompanies(db: Db, actor: Pick<SessionUser, 'accountType' | 'companyId'>): Promise<{ id: number; name: string }[]> {
  return (await companiesForHolds(db)).filter((c) => managesCompanyRow(actor, c.id));
}

/** Every hold of the companies the account manages, newest first (Settings). */
export async function listLegalHolds(db: Db, actor: Pick<SessionUser, 'accountType' | 'companyId'>): Promise<LegalHoldRow[]> {
  return (await legalHoldRows(db)).filter((h) => managesCompanyRow(actor, h.companyId));
}

/** The holds that cover one employee: theirs and their company's (the employee page). */
export async function employeeLegalHolds(db: Db, employeeId: number): Promise<LegalHoldRow[]> {
  const companyId = await companyOfEmployee(db, employeeId);
  return companyId === undefined ? [] : legalHoldRows(db, { employeeId, companyId });
}
