import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { primeBatchRead, readOncePerBatch } from '../batch-reads.ts';

type Executor = Kysely<Database>;

/** Columns of a webhook as services see it (the sealed secret only where asked for). */
const COLUMNS = ['id', 'companyId', 'url', 'description', 'events', 'enabled', 'createdAt', 'updatedAt', 'failureStreak', 'failingSince', 'pausedAt', 'format'] as const;

export async function insertWebhook(
  db: Executor,
  hook: { companyId: number | null; url: string; description: string; events: string; format?: string; secret: string; createdBy: number; createdAt: string },
): Promise<number> {
  const row = await db
    .insertInto('webhooks')
    .values({ ...hook, enabled: 1, updatedAt: hook.createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Webhooks of one company, oldest first; `null`: every webhook (a SuperAdmin's view, services/users/managed-company.ts). */
export function listWebhooks(db: Executor, companyId: number | null) {
  let query = db.selectFrom('webhooks').select([...COLUMNS]);
  if (companyId !== null) query = query.where('companyId', '=', companyId);
  return query.orderBy('id').execute();
}

export function findWebhook(db: Executor, id: number) {
  return db
    .selectFrom('webhooks')
    .select([...COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A webhook with its sealed secret, for signing a delivery. */
export function findWebhookForDelivery(db: Executor, id: number) {
  return db
    .selectFrom('webhooks')
    .select([...COLUMNS, 'secret'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Enabled webhooks told of a company's events: that company's and those of no company. */
export function webhooksOfCompany(db: Executor, companyId: number | null) {
  return db
    .selectFrom('webhooks')
    .select(['id', 'url', 'events', 'format'])
    .where('enabled', '=', 1)
    .where((eb) => (companyId === null ? eb('companyId', 'is', null) : eb.or([eb('companyId', '=', companyId), eb('companyId', 'is', null)])))
    .orderBy('id')
    .execute();
}

export async function updateWebhook(db: Executor, id: number, change: { url?: string; description?: string; events?: string; enabled?: number; format?: string; updatedAt: string }): Promise<void> {
  await db.updateTable('webhooks').set(change).where('id', '=', id).execute();
}

export async function deleteWebhook(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('webhooks').where('id', '=', id).execute();
}

/** One enabled webhook, if any: most installations have none, and then an event needs no other read. */
export const anyEnabledWebhookQuery = (db: Kysely<Database>) => db.selectFrom('webhooks').select('id').where('enabled', '=', 1).limit(1);

/** `anyEnabledWebhookQuery`'s answer, already read in the batch's transaction with something else (clock-state.ts). */
export function knownEnabledWebhooks(rows: readonly { id: number }[]): void {
  primeBatchRead('enabledWebhooks', () => rows);
}

/** Enabled webhooks told of an employee's events (their company's and those of no company), with the company. */
export async function webhooksOfEmployee(db: Executor, employeeId: number) {
  // Most installations have no webhook: a batch of punches asks that once (batch-reads.ts).
  const any = await readOncePerBatch<readonly { id: number }[]>('enabledWebhooks', () => anyEnabledWebhookQuery(db).execute());
  if (any.length === 0) return [];
  return db
    .selectFrom('employees')
    .innerJoin('webhooks', (join) => join.on((eb) => eb.and([eb('webhooks.enabled', '=', 1), eb.or([eb('webhooks.companyId', 'is', null), eb('webhooks.companyId', '=', eb.ref('employees.companyId'))])])))
    .select(['webhooks.id', 'webhooks.url', 'webhooks.events', 'webhooks.format', 'employees.companyId as employeeCompanyId'])
    .where('employees.id', '=', employeeId)
    .orderBy('webhooks.id')
    .execute();
}

/** The name a chat message gives an employee (a Slack or Teams webhook, decision 058). */
export async function employeeChatName(db: Executor, employeeId: number): Promise<string | null> {
  const row = await db.selectFrom('employees').select(['firstName', 'lastName']).where('id', '=', employeeId).executeTakeFirst();
  return row ? `${row.firstName} ${row.lastName}`.trim() : null;
}

/** The companies of some employees (a period approval's event is one per company). */
export function companiesOfEmployees(db: Executor, employeeIds: readonly number[]) {
  return db.selectFrom('employees').select(['id', 'companyId']).where('id', 'in', employeeIds).execute();
}

/** True when the webhook's deliveries wait for an administrator (decision 094). */
export async function webhookPaused(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('webhooks').select('pausedAt').where('id', '=', id).executeTakeFirst();
  return !!row?.pausedAt;
}

/** A delivered attempt ends the failure streak (written only when there was one). */
export async function clearWebhookFailures(db: Executor, id: number): Promise<void> {
  await db.updateTable('webhooks').set({ failureStreak: 0, failingSince: null }).where('id', '=', id).where('failureStreak', '>', 0).execute();
}

/** A failed attempt lengthens the streak; answers the streak, since when, and whether it is paused (undefined: webhook gone). */
export async function addWebhookFailure(db: Executor, id: number, at: string) {
  return db
    .updateTable('webhooks')
    .set((eb) => ({ failureStreak: eb('failureStreak', '+', 1), failingSince: eb.fn.coalesce('failingSince', eb.val(at)) }))
    .where('id', '=', id)
    .returning(['failureStreak', 'failingSince', 'pausedAt', 'companyId', 'url', 'description'])
    .executeTakeFirst();
}

/** Pauses the webhook; true only for the call that paused it (so it is told once). */
export async function pauseWebhook(db: Executor, id: number, at: string): Promise<boolean> {
  const result = await db.updateTable('webhooks').set({ pausedAt: at }).where('id', '=', id).where('pausedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Resumes the webhook: streak cleared, and its waiting deliveries due now. */
export async function resumeWebhookRow(db: Executor, id: number, lane: string, at: string): Promise<void> {
  await db.updateTable('webhooks').set({ pausedAt: null, failureStreak: 0, failingSince: null, updatedAt: at }).where('id', '=', id).execute();
  await db.updateTable('outbox').set({ nextAttemptAt: at, updatedAt: at }).where('status', '=', 'pending').where('lane', '=', lane).execute();
}
