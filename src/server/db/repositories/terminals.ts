import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

type Executor = Kysely<Database>;

/** Columns an administrator sees of a terminal (never the hashes). */
const TERMINAL_COLUMNS = [
  'terminals.id',
  'terminals.companyId',
  'terminals.name',
  'terminals.location',
  'terminals.methods',
  'terminals.pairingExpiresAt',
  'terminals.pairedAt',
  'terminals.revokedAt',
  'terminals.lastSeenAt',
  'terminals.lastSeq',
  'terminals.doorCode',
  'terminals.createdAt',
] as const;

export async function insertTerminal(
  db: Executor,
  terminal: { companyId: number | null; name: string; location: string; methods: string; doorCode: 0 | 1; pairingCodeHash: string; pairingExpiresAt: string; createdBy: number; createdAt: string },
): Promise<number> {
  const row = await db.insertInto('terminals').values(terminal).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Every terminal (of one company, or all for `null`), oldest first, with its punches since
 * `since` (ISO UTC, the start of the company's day).
 */
export function listTerminals(db: Executor, companyId: number | null, since: string) {
  let query = db
    .selectFrom('terminals')
    .select([...TERMINAL_COLUMNS])
    .select((eb) => eb.selectFrom('punches').whereRef('punches.terminalId', '=', 'terminals.id').where('punches.at', '>=', since).select(eb.fn.countAll<number>().as('n')).as('punchesToday'))
    .orderBy('terminals.id');
  if (companyId !== null) query = query.where('terminals.companyId', '=', companyId);
  return query.execute();
}

export function findTerminal(db: Executor, id: number) {
  return db
    .selectFrom('terminals')
    .select([...TERMINAL_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findTerminalByCredential(db: Executor, credentialHash: string) {
  return db
    .selectFrom('terminals')
    .select([...TERMINAL_COLUMNS])
    .where('credentialHash', '=', credentialHash)
    .executeTakeFirst();
}

export function findTerminalByPairingCode(db: Executor, codeHash: string) {
  return db
    .selectFrom('terminals')
    .select([...TERMINAL_COLUMNS])
    .where('pairingCodeHash', '=', codeHash)
    .executeTakeFirst();
}

export async function updateTerminalDetails(db: Executor, id: number, change: { name: string; location: string; methods: string; doorCode: 0 | 1 }): Promise<void> {
  await db.updateTable('terminals').set(change).where('id', '=', id).execute();
}

/** A new pairing code for a terminal that is not revoked. */
export async function setPairingCode(db: Executor, id: number, code: { pairingCodeHash: string; pairingExpiresAt: string }): Promise<number> {
  const result = await db.updateTable('terminals').set(code).where('id', '=', id).where('revokedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Uses a pairing code: the device's credential replaces any earlier one and the code is spent.
 * Only while the code is unexpired and the terminal not revoked; answers the rows changed (0 or 1),
 * so two devices racing for one code cannot both win.
 */
export async function completePairing(db: Executor, id: number, codeHash: string, credentialHash: string, at: string): Promise<number> {
  const result = await db
    .updateTable('terminals')
    .set({ credentialHash, pairingCodeHash: null, pairingExpiresAt: null, pairedAt: at, lastSeenAt: at })
    .where('id', '=', id)
    .where('pairingCodeHash', '=', codeHash)
    .where('pairingExpiresAt', '>', at)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Revokes a terminal: its credential (kept, so the device learns it was revoked) and any pairing code stop working at once. */
export async function revokeTerminal(db: Executor, id: number, by: number, at: string): Promise<number> {
  const result = await db.updateTable('terminals').set({ revokedAt: at, revokedBy: by, pairingCodeHash: null, pairingExpiresAt: null }).where('id', '=', id).where('revokedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function touchTerminal(db: Executor, id: number, at: string): Promise<void> {
  await db.updateTable('terminals').set({ lastSeenAt: at }).where('id', '=', id).execute();
}

/** How many terminals are paired and not revoked (installation-wide). */
export async function countPairedTerminals(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('terminals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pairedAt', 'is not', null)
    .where('revokedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
