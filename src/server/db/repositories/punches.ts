import type { PunchPlace } from '#domain/clock/proof-of-place.ts';
import type { Expression, InferResult, Insertable, Kysely, QueryCreator, Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { PunchChange } from '#domain/clock/clock-engine.ts';
import type { AttendanceTable, Database, PunchTable, WorkMode } from '../schema.ts';
import type { Db } from '../connection.ts';
import { FIGURE_COLUMNS, figurePayload, punchPayload, type ChainKind } from '#domain/record-chain/record-chain.ts';
import { DEFAULT_WORK_MODE } from '#domain/attendance/attendance-schema.ts';
import { chainForEmployee, chainPunchesOfEmployees } from './record-chain.ts';
import { refuseLockedAttendances, refuseLockedPeriod } from './record-lock.ts';
import { preparedQuery } from '../prepared-query.ts';
import { engineOf } from '../engine.ts';

/** The columns a punch's chain entry records (PunchFacts), read back from the insert. */
const CHAINED_PUNCH_COLUMNS = ['id', 'employeeId', 'attendanceId', 'action', 'at', 'method', 'terminal', 'createdAt', 'workMode', 'device', 'place', 'workplaceId'] as const;

/** The employee's latest clock punch (any action; manual entries are not clock punches) in [since, until]: read with the clock state (clock-state.ts). */
export const latestClockPunchQuery = (db: Kysely<Database>, p: { employeeId: number; since: string; until: string }) =>
  db
    .selectFrom('punches')
    .select(['id', 'at', 'action', 'attendanceId'])
    .where('employeeId', '=', p.employeeId)
    .where('method', '!=', 'manual')
    .where('at', '>=', p.since)
    .where('at', '<=', p.until)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1);

export type LatestClockPunch = InferResult<ReturnType<typeof latestClockPunchQuery>>[number];

type PunchValues = Required<
  Pick<Insertable<PunchTable>, 'employeeId' | 'attendanceId' | 'action' | 'at' | 'method' | 'terminal' | 'terminalId' | 'offlineSeq' | 'workMode' | 'device' | 'place' | 'workplaceId' | 'createdAt'>
>;

// The writes of a punch, each written once: run one by one on SQLite, together as one statement
// on PostgreSQL (below).
/** The punch row itself: every column given, so one compiled statement serves every punch. */
const insertPunchQuery = (db: QueryCreator<Database>, p: PunchValues, attendanceId: PunchValues['attendanceId'] | Expression<number> = p.attendanceId) =>
  db
    .insertInto('punches')
    .values({
      employeeId: p.employeeId,
      attendanceId,
      action: p.action,
      at: p.at,
      method: p.method,
      terminal: p.terminal,
      terminalId: p.terminalId,
      offlineSeq: p.offlineSeq,
      workMode: p.workMode,
      device: p.device,
      place: p.place,
      workplaceId: p.workplaceId,
      createdAt: p.createdAt,
    })
    .returning(CHAINED_PUNCH_COLUMNS);
/** A check-in's new attendance; `dayWorkMode` is DEFAULT_WORK_MODE unless a personal punch names one. */
type CheckInValues = {
  employeeId: number;
  date: string;
  timezone: string;
  at: string;
  statusIn: Selectable<AttendanceTable>['statusIn'];
  lateSeconds: number;
  workFlag: Selectable<AttendanceTable>['workFlag'];
  dayWorkMode: WorkMode;
};
const checkInQuery = (db: QueryCreator<Database>, p: CheckInValues) =>
  db
    .insertInto('attendances')
    .values({
      employeeId: p.employeeId,
      date: p.date,
      timezone: p.timezone,
      timeIn: p.at,
      timeOut: null,
      workedSeconds: null,
      breakSeconds: 0,
      statusIn: p.statusIn,
      lateSeconds: p.lateSeconds,
      earlyDepartureSeconds: 0,
      reason: null,
      source: 'clock',
      workFlag: p.workFlag,
      workMode: p.dayWorkMode,
      revision: 1,
      createdBy: null,
      createdAt: p.at,
      updatedAt: p.at,
    })
    .returning(FIGURE_COLUMNS.attendance);
type CheckOutValues = { id: number; timeOut: string; workedSeconds: number; breakSeconds: number; earlyDepartureSeconds: number };
const checkOutQuery = (db: QueryCreator<Database>, p: CheckOutValues) =>
  db
    .updateTable('attendances')
    .set({ timeOut: p.timeOut, workedSeconds: p.workedSeconds, breakSeconds: p.breakSeconds, earlyDepartureSeconds: p.earlyDepartureSeconds, updatedAt: p.timeOut })
    .where('id', '=', p.id)
    .where('timeOut', 'is', null)
    .returning(FIGURE_COLUMNS.attendance);
const startBreakQuery = (db: QueryCreator<Database>, p: { attendanceId: number; startAt: string }) =>
  db.insertInto('attendanceBreaks').values({ attendanceId: p.attendanceId, startAt: p.startAt, endAt: null }).returning(FIGURE_COLUMNS.break);
const touchAttendanceQuery = (db: QueryCreator<Database>, p: { id: number; updatedAt: string }) => db.updateTable('attendances').set({ updatedAt: p.updatedAt }).where('id', '=', p.id);
const endBreakQuery = (db: QueryCreator<Database>, p: { id: number; endAt: string }) =>
  db.updateTable('attendanceBreaks').set({ endAt: p.endAt }).where('id', '=', p.id).where('endAt', 'is', null).returning(FIGURE_COLUMNS.break);
const setBreakSecondsQuery = (db: QueryCreator<Database>, p: { id: number; breakSeconds: number; updatedAt: string }) =>
  db.updateTable('attendances').set({ breakSeconds: p.breakSeconds, updatedAt: p.updatedAt }).where('id', '=', p.id).returning(FIGURE_COLUMNS.attendance);

const insertPunch = preparedQuery((db, p: PunchValues) => insertPunchQuery(db, p));
const checkIn = preparedQuery(checkInQuery);
const checkOut = preparedQuery(checkOutQuery);
const startBreak = preparedQuery(startBreakQuery);
const touchAttendance = preparedQuery(touchAttendanceQuery);
const endBreak = preparedQuery(endBreakQuery);
const setBreakSeconds = preparedQuery(setBreakSecondsQuery);

/*
 * PostgreSQL: a punch's writes (the attendance's change, the break's, the punch row) as ONE
 * statement of data-modifying CTEs, one round trip instead of two or three (decision 097). Its
 * parts see the same snapshot and read no other's answer, except a check-in's punch row, which
 * takes the new attendance's id from its CTE. Every part runs even when another changes no row;
 * the RETURNING rows come back as JSON arrays (keys mapped by the camelCase plugin, values as the
 * driver gives them), and a part that changed no row makes the punch throw like the separate
 * statements do, which rolls the whole statement back with the punch's savepoint.
 */
const checkInWithPunch = preparedQuery((db, p: PunchValues & CheckInValues) =>
  db
    .with('attendance', () => checkInQuery(db, p))
    .with('punch', (q) => insertPunchQuery(db, p, q.selectFrom('attendance').select('id').$asScalar()))
    .selectNoFrom((eb) => [jsonArrayFrom(eb.selectFrom('attendance').selectAll()).as('attendance'), jsonArrayFrom(eb.selectFrom('punch').selectAll()).as('punch')]),
);
const checkOutWithPunch = preparedQuery((db, p: PunchValues & { workedSeconds: number; breakSeconds: number; earlyDepartureSeconds: number; attendanceId: number }) =>
  db
    .with('attendance', () => checkOutQuery(db, { id: p.attendanceId, timeOut: p.at, workedSeconds: p.workedSeconds, breakSeconds: p.breakSeconds, earlyDepartureSeconds: p.earlyDepartureSeconds }))
    .with('punch', () => insertPunchQuery(db, p))
    .selectNoFrom((eb) => [jsonArrayFrom(eb.selectFrom('attendance').selectAll()).as('attendance'), jsonArrayFrom(eb.selectFrom('punch').selectAll()).as('punch')]),
);
const breakInWithPunch = preparedQuery((db, p: PunchValues & { attendanceId: number }) =>
  db
    .with('break', () => startBreakQuery(db, { attendanceId: p.attendanceId, startAt: p.at }))
    .with('touch', () => touchAttendanceQuery(db, { id: p.attendanceId, updatedAt: p.at }))
    .with('punch', () => insertPunchQuery(db, p))
    .selectNoFrom((eb) => [jsonArrayFrom(eb.selectFrom('break').selectAll()).as('break'), jsonArrayFrom(eb.selectFrom('punch').selectAll()).as('punch')]),
);
const breakOutWithPunch = preparedQuery((db, p: PunchValues & { attendanceId: number; breakId: number; breakSeconds: number }) =>
  db
    .with('break', () => endBreakQuery(db, { id: p.breakId, endAt: p.at }))
    .with('attendance', () => setBreakSecondsQuery(db, { id: p.attendanceId, breakSeconds: p.breakSeconds, updatedAt: p.at }))
    .with('punch', () => insertPunchQuery(db, p))
    .selectNoFrom((eb) => [
      jsonArrayFrom(eb.selectFrom('break').selectAll()).as('break'),
      jsonArrayFrom(eb.selectFrom('attendance').selectAll()).as('attendance'),
      jsonArrayFrom(eb.selectFrom('punch').selectAll()).as('punch'),
    ]),
);

/** The engine decided on the state read in this transaction, so the row must still match (exactly one row, given back). */
function changedOne<T>(rows: readonly T[]): T {
  if (rows.length !== 1) throw new Error('The attendance changed while recording a punch');
  return rows[0]!;
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
    /** A personal punch (decision 067): its work mode, which a check-in also gives the day, and its device. */
    workMode?: WorkMode;
    device?: string | null;
    /** Proof of place (decision 068): the punch's place and workplace; its raw position goes to punch_positions. */
    place?: PunchPlace | null;
    workplaceId?: number | null;
    position?: { lat: number; lng: number; accuracy: number } | null;
  },
): Promise<{ attendanceId: number; punchId: number }> {
  const { change, employeeId } = input;
  // The day of the change (its shift's start date) must be open: decide-clock-punch asks first to
  // turn a refusal into an answer or a conflict; this is the write's own guarantee.
  await refuseLockedPeriod(db as Db, employeeId, change.date);
  const at = change.at;
  let attendanceId: number;
  // The figure rows this punch wrote, read back by RETURNING (no extra read), chained with the punch.
  const chained: { kind: ChainKind; refId: number; payload: string }[] = [];
  const attendanceWritten = (row: Parameters<typeof figurePayload<'attendance'>>[1]) => chained.push({ kind: 'attendance', refId: row.id, payload: figurePayload('attendance', row) });
  const breakWritten = (row: Parameters<typeof figurePayload<'break'>>[1]) => chained.push({ kind: 'break', refId: row.id, payload: figurePayload('break', row) });
  const createdAt = input.offline?.receivedAt ?? at;
  const punchValues = (ofAttendance: number): PunchValues => ({
    employeeId,
    attendanceId: ofAttendance,
    action: change.action,
    at,
    method: input.method,
    terminal: input.terminal,
    terminalId: input.terminalId ?? null,
    offlineSeq: input.offline?.seq ?? null,
    workMode: input.workMode ?? null,
    device: input.device ?? null,
    place: input.place ?? null,
    workplaceId: input.workplaceId ?? null,
    createdAt,
  });
  const together = engineOf(db) === 'postgres';
  let punch: Awaited<ReturnType<typeof insertPunch.execute>>[number];
  switch (change.action) {
    case 'check-in': {
      const day = { date: change.date, timezone: input.timeZone, statusIn: change.statusIn, lateSeconds: change.lateSeconds, workFlag: change.workFlag ?? null, dayWorkMode: input.workMode ?? DEFAULT_WORK_MODE };
      if (together) {
        // The punch row's attendance id comes from the new attendance in the statement itself.
        const written = await checkInWithPunch.takeFirst(db, { ...punchValues(0), ...day });
        const row = changedOne(written!.attendance);
        attendanceId = row.id;
        attendanceWritten(row);
        punch = changedOne(written!.punch);
      } else {
        const row = changedOne(await checkIn.execute(db, { employeeId, at, ...day }));
        attendanceId = row.id;
        attendanceWritten(row);
        punch = changedOne(await insertPunch.execute(db, punchValues(attendanceId)));
      }
      break;
    }
    case 'check-out': {
      attendanceId = change.attendanceId;
      const figures = { workedSeconds: change.workedSeconds, breakSeconds: change.breakSeconds, earlyDepartureSeconds: change.earlyDepartureSeconds };
      if (together) {
        const written = await checkOutWithPunch.takeFirst(db, { ...punchValues(attendanceId), attendanceId, ...figures });
        attendanceWritten(changedOne(written!.attendance));
        punch = changedOne(written!.punch);
      } else {
        attendanceWritten(changedOne(await checkOut.execute(db, { id: attendanceId, timeOut: at, ...figures })));
        punch = changedOne(await insertPunch.execute(db, punchValues(attendanceId)));
      }
      break;
    }
    case 'break-in':
      attendanceId = change.attendanceId;
      // Only the attendance's bookkeeping time changes: no figure of it, so no entry for it.
      if (together) {
        const written = await breakInWithPunch.takeFirst(db, { ...punchValues(attendanceId), attendanceId });
        breakWritten(changedOne(written!.break));
        punch = changedOne(written!.punch);
      } else {
        breakWritten(changedOne(await startBreak.execute(db, { attendanceId, startAt: at })));
        await touchAttendance.run(db, { id: attendanceId, updatedAt: at });
        punch = changedOne(await insertPunch.execute(db, punchValues(attendanceId)));
      }
      break;
    case 'break-out':
      attendanceId = change.attendanceId;
      if (together) {
        const written = await breakOutWithPunch.takeFirst(db, { ...punchValues(attendanceId), attendanceId, breakId: change.breakId, breakSeconds: change.breakSeconds });
        breakWritten(changedOne(written!.break));
        attendanceWritten(changedOne(written!.attendance));
        punch = changedOne(written!.punch);
      } else {
        breakWritten(changedOne(await endBreak.execute(db, { id: change.breakId, endAt: at })));
        attendanceWritten(changedOne(await setBreakSeconds.execute(db, { id: attendanceId, breakSeconds: change.breakSeconds, updatedAt: at })));
        punch = changedOne(await insertPunch.execute(db, punchValues(attendanceId)));
      }
      break;
  }
  if (input.position) {
    const { lat, lng, accuracy } = input.position;
    await db.insertInto('punchPositions').values({ punchId: punch.id, lat, lng, accuracy, createdAt }).execute();
  }
  // The punch's entry in the company's record chain, in this same transaction (decision 033),
  // after the entries of the attendance and break rows it wrote (issue 33): the rows as the
  // database gave them back, so the entries say what verify will read. One head read and one
  // insert for all of them.
  chained.push({ kind: 'punch', refId: punch.id, payload: punchPayload(punch) });
  await chainForEmployee(db, employeeId, chained);
  return { attendanceId, punchId: punch.id };
}

/** Inserts several punches in one statement and chains them (decision 033; returns nothing). */
export async function insertPunches(db: Kysely<Database>, punches: readonly Insertable<PunchTable>[]): Promise<void> {
  if (punches.length === 0) return;
  await refuseLockedAttendances(
    db as Db,
    punches.flatMap((p) => (p.attendanceId == null ? [] : [p.attendanceId])),
  );
  const rows = await db.insertInto('punches').values(punches).returning(CHAINED_PUNCH_COLUMNS).execute();
  const byEmployee = new Map<number, typeof rows>();
  for (const row of rows) byEmployee.set(row.employeeId, [...(byEmployee.get(row.employeeId) ?? []), row]);
  await chainPunchesOfEmployees(
    db,
    [...byEmployee].map(([employeeId, own]) => [employeeId, own.sort((a, b) => a.id - b.id)] as const),
  );
}
