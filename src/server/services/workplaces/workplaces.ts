import { PROOF_OF_PLACE_MESSAGES, type WorkplaceInput, type WorkplaceView } from '#domain/clock/proof-of-place.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { companyChoices, deleteWorkplace as deleteRow, findWorkplace, insertWorkplace, listWorkplaces as listRows, updateWorkplace as updateRow, workplaceUsed } from '../../db/repositories/workplaces.ts';
import { AppError, invalidInput, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { managedCompany, managesCompanyRow } from '../users/managed-company.ts';

/**
 * Workplaces (proof of place, decision 068), with the company scope of terminals and webhooks
 * (issue 34.1): a SuperAdmin manages every company's, an Admin its own company's; another
 * company's workplace is a 404, as if it did not exist.
 */
type Manager = Pick<SessionUser, 'id' | 'accountType' | 'companyId'>;

export function listWorkplaces(db: Db, user: Manager): Promise<WorkplaceView[]> {
  return listRows(db, managedCompany(user));
}

/** The companies the account may add workplaces to: every one for a SuperAdmin, its own for an Admin. */
export async function workplaceCompanies(db: Db, user: Manager): Promise<{ id: number; name: string }[]> {
  return companyChoices(db, managedCompany(user));
}

async function managedWorkplace(db: Db, user: Manager, id: number): Promise<WorkplaceView> {
  const row = await findWorkplace(db, id);
  if (!row || !managesCompanyRow(user, row.companyId)) throw notFound();
  return row;
}

/** The company a new workplace belongs to: an Admin's own; a SuperAdmin's choice (or its own company). */
async function targetCompany(db: Db, user: Manager, requested: number | undefined): Promise<number> {
  const companyId = requested ?? user.companyId ?? undefined;
  if (companyId === undefined) throw invalidInput({ companyId: 'validation.required' });
  if (!managesCompanyRow(user, companyId)) throw notFound();
  if (!(await companyChoices(db, companyId)).length) throw invalidInput({ companyId: 'validation.unknownRecord' });
  return companyId;
}

export async function createWorkplace(db: Db, user: Manager, input: WorkplaceInput): Promise<WorkplaceView> {
  const companyId = await targetCompany(db, user, input.companyId);
  const at = nowIso();
  const fields = { name: input.name, lat: input.lat, lng: input.lng, radiusM: input.radiusM };
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertWorkplace(trx, { companyId, ...fields }, at);
    await appendAudit(trx, { userId: user.id, entity: 'workplace', entityId: id, action: 'create', after: { companyId, ...fields }, at });
    return id;
  });
  return (await findWorkplace(db, id))!;
}

/** Name, centre and radius; a workplace stays in its company (a punch's place names it). */
export async function updateWorkplace(db: Db, user: Manager, id: number, input: WorkplaceInput): Promise<WorkplaceView> {
  const before = await managedWorkplace(db, user, id);
  const at = nowIso();
  const fields = { name: input.name, lat: input.lat, lng: input.lng, radiusM: input.radiusM };
  await db.transaction().execute(async (trx) => {
    await updateRow(trx, id, fields, at);
    await appendAudit(trx, { userId: user.id, entity: 'workplace', entityId: id, action: 'update', before: { name: before.name, lat: before.lat, lng: before.lng, radiusM: before.radiusM }, after: fields, at });
  });
  return (await findWorkplace(db, id))!;
}

/** Deletes a workplace no punch names; one that a punch was inside stays (409): the record says where. */
export async function deleteWorkplace(db: Db, user: Manager, id: number): Promise<void> {
  const before = await managedWorkplace(db, user, id);
  if (await workplaceUsed(db, id)) throw new AppError(PROOF_OF_PLACE_MESSAGES.workplaceInUse, 409);
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    await deleteRow(trx, id);
    await appendAudit(trx, { userId: user.id, entity: 'workplace', entityId: id, action: 'delete', before: { name: before.name, companyId: before.companyId }, at });
  });
}
