import type { Insertable, Kysely } from 'kysely';
import type { PunchChange } from '../../../domain/clock/clock-engine.ts';
import type { Database, PunchTable } from '../schema.ts';
import type { Db } from '../connection.ts';
import { chainPunches, chainPunchesOfEmployees } from './record-chain.ts';
import { refuseLockedAttendances, refuseLockedPeriod } from './record-lock.ts';

/** The columns a punch's chain entry records (PunchFacts), read back from the insert. */
const CHAINED_PUNCH_COLUMNS = ['id', 'employeeId', 'attendanceId', 'action', 'at', 'method', 'terminal', 'createdAt'] as const;

/** The employee's latest clock punch (any action; manual entries are not clock punches) in [since, until]. */
export function findLatestClockPunch(db: Kysely<Database>, employeeId: number, since: string, until: string) {
  return db
    .selectFrom('punches')
    .select(['id', 'at', 'action', 'attendanceId'])
    .where('employeeId', '=', employeeId)
    .where('method', '!=', 'manual')
    .where('at', '>=', since)
    .where('at', '<=', until)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The engine decided on the state read in this transaction, so the row must still match. */
function changedOne(result: { numUpdatedRows: bigint }): void {
  if (result.numUpdatedRows !== 1n) throw new Error('The attendance changed while recording a punch');
}

/**
 * Writes what the clock engine decided: the new or changed attendance, its break, and the raw
 * punch (append-only). Returns the attendance id and the punch's id. Call inside one transaction
 * with the audit entry. A punch a terminal kept offline (decision 046) carries its sequence number
 * and is created when it arrived (`created_at`), after the instant it happened (`at`).
 */
export async function applyPunch(
  db: Kysely<Database>,
  input: {
    employeeId: number;
    timeZone: string;
    change: PunchChange;
    method: PunchTable['method'];
    terminal: string | null;
    terminalId?: number | null;
    offline?: { seq: number; receivedAt: string };
  },
): Promise<{ attendanceId: number; punchId: number }> {
  const { change, employeeId } = input;
  // The day of the change (its shift's start date) must be open: decide-clock-punch asks first to
  // turn a refusal into an answer or a conflict; this is the write's own guarantee.
  await refuseLockedPeriod(db as Db, employeeId, change.date);
  const at = change.at;
  let attendanceId: number;
  switch (change.action) {
    case 'check-in': {
      const row = await db
        .insertInto('attendances')
        .values({
          employeeId,
          date: change.date,
          timezone: input.timeZone,
          timeIn: at,
          timeOut: null,
          workedSeconds: null,
          breakSeconds: 0,
          statusIn: change.statusIn,
          lateSeconds: change.lateSeconds,
          earlyDepartureSeconds: 0,
          reason: null,
          source: 'clock',
          workFlag: change.workFlag ?? null,
          revision: 1,
          createdBy: null,
          createdAt: at,
          updatedAt: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      attendanceId = row.id;
      break;
    }
    case 'check-out':
      attendanceId = change.attendanceId;
      await db
        .updateTable('attendances')
        .set({
          timeOut: at,
          workedSeconds: change.workedSeconds,
          breakSeconds: change.breakSeconds,
          earlyDepartureSeconds: change.earlyDepartureSeconds,
          updatedAt: at,
        })
        .where('id', '=', attendanceId)
        .where('timeOut', 'is', null)
        .executeTakeFirst()
        .then(changedOne);
      break;
    case 'break-in':
      attendanceId = change.attendanceId;
      await db.insertInto('attendanceBreaks').values({ attendanceId, startAt: at, endAt: null }).execute();
      await db.updateTable('attendances').set({ updatedAt: at }).where('id', '=', attendanceId).execute();
      break;
    case 'break-out':
      attendanceId = change.attendanceId;
      await db
        .updateTable('attendanceBreaks')
        .set({ endAt: at })
        .where('id', '=', change.breakId)
        .where('endAt', 'is', null)
        .executeTakeFirst()
        .then(changedOne);
      await db.updateTable('attendances').set({ breakSeconds: change.breakSeconds, updatedAt: at }).where('id', '=', attendanceId).execute();
      break;
  }
  const createdAt = input.offline?.receivedAt ?? at;
  const punch = await db
    .insertInto('punches')
    .values({ employeeId, attendanceId, action: change.action, at, method: input.method, terminal: input.terminal, terminalId: input.terminalId ?? null, offlineSeq: input.offline?.seq ?? null, createdAt })
    .returning(CHAINED_PUNCH_COLUMNS)
    .executeTakeFirstOrThrow();
  // The punch's entry in the company's record chain, in this same transaction (decision 033):
  // the row as the database gave it back, so the entry says what verify will read.
  await chainPunches(db, employeeId, [punch]);
  return { attendanceId, punchId: punch.id };
}

/** Inserts several punches in one statement and chains them (decision 033; returns nothing). */
export async function insertPunches(db: Kysely<Database>, punches: readonly Insertable<PunchTable>[]): Promise<void> {
  if (punches.length === 0) return;
  await refuseLockedAttendances(db as Db, punches.flatMap((p) => (p.attendanceId == null ? [] : [p.attendanceId])));
  const rows = await db.insertInto('punches').values(punches).returning(CHAINED_PUNCH_COLUMNS).execute();
  const byEmployee = new Map<number, typeof rows>();
  for (const row of rows) byEmployee.set(row.employeeId, [...(byEmployee.get(row.employeeId) ?? []), row]);
  await chainPunchesOfEmployees(db, [...byEmployee].map(([employeeId, own]) => [employeeId, own.sort((a, b) => a.id - b.id)] as const));
}
