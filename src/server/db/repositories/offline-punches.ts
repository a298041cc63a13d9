import type { Insertable } from 'kysely';
import type { Db } from '../connection.ts';
import type { OfflineReceiptTable, PersonalOfflineReceiptTable } from '../schema.ts';

/**
 * What the offline path (decision 046) reads and writes besides conflicts and punches: the
 * receipts that make a batch idempotent, the terminal's last sequence number, and the look-ups a
 * late punch needs.
 */

export function findOfflineReceipt(db: Db, terminalId: number, seq: number) {
  return db.selectFrom('offlineReceipts').selectAll().where('terminalId', '=', terminalId).where('seq', '=', seq).executeTakeFirst();
}

export async function insertOfflineReceipt(db: Db, receipt: Insertable<OfflineReceiptTable>): Promise<void> {
  await db.insertInto('offlineReceipts').values(receipt).execute();
}

/** The terminal's last received sequence number (`terminals.last_seq`, migration 0016). */
export async function terminalLastSeq(db: Db, terminalId: number): Promise<number> {
  const row = await db.selectFrom('terminals').select('lastSeq').where('id', '=', terminalId).executeTakeFirst();
  return row?.lastSeq ?? 0;
}

/** Raises `terminals.last_seq` to `seq` (never lowers it). */
export async function advanceTerminalSeq(db: Db, terminalId: number, seq: number): Promise<void> {
  await db.updateTable('terminals').set({ lastSeq: seq }).where('id', '=', terminalId).where('lastSeq', '<', seq).execute();
}

/**
 * An administrator's reset of a terminal's numbering (issue 34 point 6): `last_seq` back to 0 and
 * the terminal's receipts forgotten, so the device numbers again from 1 without its new numbers
 * being taken for old ones. The punches and conflicts those receipts named stay. Answers the
 * number it had and how many receipts were forgotten.
 */
export async function resetTerminalSeq(db: Db, terminalId: number): Promise<{ lastSeq: number; receipts: number }> {
  const lastSeq = await terminalLastSeq(db, terminalId);
  const deleted = await db.deleteFrom('offlineReceipts').where('terminalId', '=', terminalId).executeTakeFirst();
  await db.updateTable('terminals').set({ lastSeq: 0 }).where('id', '=', terminalId).execute();
  return { lastSeq, receipts: Number(deleted.numDeletedRows) };
}

/**
 * The employees holding this PIN key or badge, any status (at most 3): of the terminal's company,
 * or of any company for a terminal without one (as the live clock looks them up).
 */
export function findCompanyEmployeesBy(db: Db, companyId: number | null, lookup: { column: 'pinKey' | 'rfidCard'; value: string }) {
  let q = db.selectFrom('employees').select(['id', 'companyId', 'firstName', 'lastName', 'status']).where(lookup.column, '=', lookup.value);
  if (companyId !== null) q = q.where('companyId', '=', companyId);
  return q.limit(3).execute();
}

/** The instant of the employee's latest punch of any kind (manual entries included), or null. */
export async function latestPunchAt(db: Db, employeeId: number): Promise<string | null> {
  const row = await db.selectFrom('punches').select('at').where('employeeId', '=', employeeId).orderBy('at', 'desc').limit(1).executeTakeFirst();
  return row?.at ?? null;
}

/**
 * A worker's device of the personal clock (decision 071): found by (account, device id) or
 * created; its browser summary and last contact brought up to date. Answers its id.
 */
export async function touchPersonalDevice(db: Db, device: { userId: number; device: string; summary: string; at: string }): Promise<number> {
  const found = await db.selectFrom('personalDevices').select('id').where('userId', '=', device.userId).where('device', '=', device.device).executeTakeFirst();
  if (found) {
    await db.updateTable('personalDevices').set({ summary: device.summary, lastSeenAt: device.at }).where('id', '=', found.id).execute();
    return found.id;
  }
  const row = await db
    .insertInto('personalDevices')
    .values({ userId: device.userId, device: device.device, summary: device.summary, createdAt: device.at, lastSeenAt: device.at })
    .onConflict((oc) => oc.columns(['userId', 'device']).doUpdateSet({ lastSeenAt: device.at }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findPersonalReceipt(db: Db, deviceId: number, seq: number) {
  return db.selectFrom('personalOfflineReceipts').selectAll().where('deviceId', '=', deviceId).where('seq', '=', seq).executeTakeFirst();
}

export async function insertPersonalReceipt(db: Db, receipt: Insertable<PersonalOfflineReceiptTable>): Promise<void> {
  await db.insertInto('personalOfflineReceipts').values(receipt).execute();
}

export async function personalDeviceLastSeq(db: Db, deviceId: number): Promise<number> {
  const row = await db.selectFrom('personalDevices').select('lastSeq').where('id', '=', deviceId).executeTakeFirst();
  return row?.lastSeq ?? 0;
}

/** Raises `personal_devices.last_seq` to `seq` (never lowers it). */
export async function advancePersonalDeviceSeq(db: Db, deviceId: number, seq: number): Promise<void> {
  await db.updateTable('personalDevices').set({ lastSeq: seq }).where('id', '=', deviceId).where('lastSeq', '<', seq).execute();
}
