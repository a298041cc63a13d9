import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { AttendanceState } from '#domain/clock/clock-engine.ts';
import type { ScheduleRule } from '#domain/schedules/schedule-rules.ts';
import { addDays } from '#domain/time/zoned-time.ts';
import { plannedDayRule } from '#domain/roster/planned-day.ts';
import type { Database } from '../schema.ts';
import { SCHEDULE_RULE_COLUMNS, toScheduleRule } from './schedules.ts';
import { preparedQuery } from '../prepared-query.ts';
import { engineOf } from '../engine.ts';
import { latestClockPunchQuery, type LatestClockPunch } from './punches.ts';
import { approvedOfEmployeeQuery, knownApprovedPeriods } from './record-lock.ts';
import { knownEmployeeCompany } from './record-chain.ts';
import { breakRulesHistoryQuery, knownBreakRulesHistory } from './break-rules-history.ts';
import { anyEnabledWebhookQuery, knownEnabledWebhooks } from './webhooks.ts';
import { primeBatchOnce, takeBatchOnce } from '../batch-reads.ts';

/** What the clock engine needs to know about one employee around `today` (a local date): attendances dated yesterday, today and tomorrow. */
export interface ClockState {
  schedules: ScheduleRule[];
  attendanceToday: AttendanceState | null;
  attendanceYesterday: AttendanceState | null;
  attendanceTomorrow: AttendanceState | null;
  previousOpen: AttendanceState | null;
  /** Approved leave dates among yesterday, today and tomorrow (the shifts a check-in may belong to). */
  approvedLeaveDates: string[];
}

/** The clock state, and the employee's latest clock punch in the double-tap window (double-tap.ts). */
export interface PunchState {
  state: ClockState;
  latestPunch: LatestClockPunch | undefined;
}

/** `since`..`until`: the window of the latest clock punch (ISO instants). */
type Around = { employeeId: number; yesterday: string; today: string; tomorrow: string; since: string; until: string };

// The clock state's reads, written once: run one by one on SQLite, as one statement on PostgreSQL.
const schedulesQuery = (db: Kysely<Database>, p: Around) => db.selectFrom('schedules').select(SCHEDULE_RULE_COLUMNS).where('employeeId', '=', p.employeeId);
const plannedQuery = (db: Kysely<Database>, p: Around) =>
  db
    .selectFrom('plannedDays')
    .select(['id', 'employeeId', 'date', 'kind', 'startTime', 'endTime', 'breakMinutes', 'publishedAt'])
    .where('employeeId', '=', p.employeeId)
    .where('date', '>=', p.yesterday)
    .where('date', '<=', p.tomorrow);
/** The three days around today and the open days before it, in one read. */
const attendancesQuery = (db: Kysely<Database>, p: Around) =>
  db
    .selectFrom('attendances')
    .select(['id', 'date', 'timezone', 'timeIn', 'timeOut', 'workFlag'])
    .where('employeeId', '=', p.employeeId)
    .where('voidedAt', 'is', null)
    .where((eb) => eb.or([eb('date', 'in', [p.yesterday, p.today, p.tomorrow]), eb.and([eb('date', '<', p.today), eb('timeOut', 'is', null)])]));
const leavesQuery = (db: Kysely<Database>, p: Around) =>
  db.selectFrom('leaves').select(['fromDate', 'toDate']).where('employeeId', '=', p.employeeId).where('status', '=', 'approved').where('fromDate', '<=', p.tomorrow).where('toDate', '>=', p.yesterday);
const BREAK_COLUMNS = ['id', 'attendanceId', 'startAt', 'endAt'] as const;

// Compiled once (prepared-query.ts): the clock state is read on every punch.
const schedulesOf = preparedQuery(schedulesQuery);
const plannedAround = preparedQuery(plannedQuery);
const attendancesAround = preparedQuery(attendancesQuery);
const leavesAround = preparedQuery(leavesQuery);
const breaksOf = preparedQuery((db, p: { attendanceId: number }) => db.selectFrom('attendanceBreaks').select(BREAK_COLUMNS).where('attendanceId', '=', p.attendanceId).orderBy('startAt'));

const latestPunchOf = preparedQuery(latestClockPunchQuery);

/** SQLite: the reads one by one (in process, a read costs no round trip); the breaks once the days are known. */
async function readEach(db: Kysely<Database>, around: Around) {
  const [latest, scheduleRows, planned, attendances, leaves] = await Promise.all([
    latestPunchOf.execute(db, around),
    schedulesOf.execute(db, around),
    plannedAround.execute(db, around),
    attendancesAround.execute(db, around),
    leavesAround.execute(db, around),
  ]);
  return { latest, scheduleRows, planned, attendances, leaves, breaksRead: undefined };
}

/**
 * PostgreSQL: the same reads as one statement, each a JSON array (a round trip per read was most
 * of a punch's cost there: decision 097). The breaks are those of every day the attendance read can
 * return, so they are known before the days are chosen. The rows come back as the separate reads
 * give them: json_agg keeps each column's name (the camelCase plugin maps them) and value (text as
 * text, bigint and double precision as JSON numbers, exact). The statement also brings the
 * employee's approved periods over the three days, for the period lock (record-lock.ts) that the
 * decision and the writer then ask without another round trip, and the employee's company, for
 * the batch's chain append (record-chain.ts).
 */
const stateColumns = (db: Kysely<Database>, p: Around) => [
  jsonArrayFrom(latestClockPunchQuery(db, p)).as('latest'),
  jsonArrayFrom(approvedOfEmployeeQuery(db, { employeeId: p.employeeId, from: p.yesterday, to: p.tomorrow })).as('approvals'),
  jsonArrayFrom(schedulesQuery(db, p)).as('scheduleRows'),
  jsonArrayFrom(plannedQuery(db, p)).as('planned'),
  jsonArrayFrom(attendancesQuery(db, p)).as('attendances'),
  jsonArrayFrom(leavesQuery(db, p)).as('leaves'),
  jsonArrayFrom(db.selectFrom('attendanceBreaks').select(BREAK_COLUMNS).where('attendanceId', 'in', attendancesQuery(db, p).clearSelect().select('id'))).as('breaksRead'),
  db.selectFrom('employees').select('companyId').where('id', '=', p.employeeId).as('companyId'),
];

const asOne = preparedQuery((db, p: Around) => db.selectNoFrom(stateColumns(db, p)));

/** The columns of a batch's read-ahead row (`ahead`, one per employee) standing where one read's values stand. */
const AHEAD = {
  employeeId: sql.ref('ahead.employeeId'),
  yesterday: sql.ref('ahead.yesterday'),
  today: sql.ref('ahead.today'),
  tomorrow: sql.ref('ahead.tomorrow'),
  since: sql.ref('ahead.since'),
  until: sql.ref('ahead.until'),
} as unknown as Around;

/**
 * The same statement for several employees at once (one row each, from arrays of their values):
 * the builders above with each value replaced by the column of the employee's row.
 */
const asBatch = preparedQuery((db, p: { employeeIds: number[]; yesterdays: string[]; todays: string[]; tomorrows: string[]; sinces: string[]; untils: string[] }) =>
  db
    .selectFrom(
      sql<{ employeeId: number }>`unnest(${p.employeeIds}::bigint[], ${p.yesterdays}::text[], ${p.todays}::text[], ${p.tomorrows}::text[], ${p.sinces}::text[], ${p.untils}::text[])`.as<'ahead'>(
        sql`ahead("employee_id", "yesterday", "today", "tomorrow", "since", "until")`,
      ),
    )
    .select([
      sql<number>`${AHEAD.employeeId}`.as('aheadEmployeeId'),
      ...stateColumns(db, AHEAD),
      // Read once per batch anyway (batch-reads.ts): the same on every row, computed once.
      jsonArrayFrom(breakRulesHistoryQuery(db)).as('breakRules'),
      jsonArrayFrom(anyEnabledWebhookQuery(db)).as('enabledWebhooks'),
    ]),
);

type StateRow = NonNullable<Awaited<ReturnType<typeof asOne.takeFirst>>>;

/** One employee's row as the separate reads give it; primes the period lock's reads (record-lock.ts) and the chain's company of the employee (record-chain.ts). */
function stateOfRow(around: Around, row: StateRow) {
  knownApprovedPeriods(around.employeeId, [around.yesterday, around.today, around.tomorrow], row.approvals);
  if (row.companyId !== null) knownEmployeeCompany(around.employeeId, row.companyId);
  // In start order, as the separate read gives them.
  return { ...row, breaksRead: row.breaksRead.sort((a, b) => (a.startAt < b.startAt ? -1 : a.startAt > b.startAt ? 1 : 0)) };
}

const aheadKey = (a: Around) => `punch-state ${a.employeeId} ${a.today} ${a.since} ${a.until}`;

async function readAsOne(db: Kysely<Database>, around: Around) {
  const ahead = takeBatchOnce<ReturnType<typeof stateOfRow>>(aheadKey(around));
  if (ahead) return ahead;
  const row = await asOne.takeFirst(db, around);
  if (!row) throw new Error('The clock state read returned no row');
  return stateOfRow(around, row);
}

/** Where a punch's state is read: its employee, the local date of the punch and the double-tap window (ISO instants). */
export interface PunchStateAhead {
  employeeId: number;
  today: string;
  since: string;
  until: string;
}

const aroundOf = ({ employeeId, today, since, until }: PunchStateAhead): Around => ({ employeeId, yesterday: addDays(today, -1), today, tomorrow: addDays(today, 1), since, until });

/**
 * PostgreSQL, at the start of a group commit (group-commit.ts), after its employees are locked:
 * the states of the batch's punches, one employee each, read in ONE statement instead of one per
 * punch. Each is handed once to that punch's `loadPunchState` (batch-reads.ts `takeBatchOnce`);
 * the caller passes only employees with a single punch in the batch, whose state nothing else in
 * the batch writes before their punch reads it. The same statement brings what the batch reads
 * once anyway (the figure rules, whether any webhook is on). SQLite (a read costs no round trip) reads as before.
 */
export async function readPunchStatesAhead(db: Kysely<Database>, aheads: readonly PunchStateAhead[]): Promise<void> {
  if (engineOf(db) !== 'postgres' || aheads.length < 2) return;
  const arounds = aheads.map(aroundOf);
  const rows = await asBatch.execute(db, {
    employeeIds: arounds.map((a) => a.employeeId),
    yesterdays: arounds.map((a) => a.yesterday),
    todays: arounds.map((a) => a.today),
    tomorrows: arounds.map((a) => a.tomorrow),
    sinces: arounds.map((a) => a.since),
    untils: arounds.map((a) => a.until),
  });
  const first = rows[0];
  if (!first) return;
  knownBreakRulesHistory(first.breakRules);
  knownEnabledWebhooks(first.enabledWebhooks);
  // One row per employee (each has one punch here), matched by its id rather than by position.
  const byEmployee = new Map(arounds.map((a) => [a.employeeId, a]));
  for (const { aheadEmployeeId, breakRules: _rules, enabledWebhooks: _hooks, ...row } of rows) {
    const around = byEmployee.get(Number(aheadEmployeeId));
    // Unknown (never expected): that punch reads its own state, as without the read-ahead.
    if (around) primeBatchOnce(aheadKey(around), stateOfRow(around, row));
  }
}

/**
 * Reads the clock state of an employee around `today` (a local date), and their latest clock punch
 * in `repeatWindow` (ISO instants); call inside the punch's transaction.
 */
export async function loadPunchState(db: Kysely<Database>, employeeId: number, today: string, repeatWindow: { since: string; until: string }): Promise<PunchState> {
  const around = aroundOf({ employeeId, today, ...repeatWindow });
  const { yesterday, tomorrow } = around;
  const { latest, scheduleRows, planned, attendances, leaves, breaksRead } = engineOf(db) === 'postgres' ? await readAsOne(db, around) : await readEach(db, around);

  const recent = attendances.filter((r) => r.date === yesterday || r.date === today || r.date === tomorrow);
  // The latest day before today still open (the shift a check-out may close).
  const open = attendances.filter((r) => r.date < today && r.timeOut === null).reduce<(typeof attendances)[number] | undefined>((latest, r) => (!latest || r.date > latest.date ? r : latest), undefined);
  const rows = open ? [...recent, open] : recent;
  const ids = [...new Set(rows.map((r) => r.id))];
  const breaks =
    breaksRead ??
    (ids.length === 1
      ? await breaksOf.execute(db, { attendanceId: ids[0]! })
      : ids.length
        ? await db.selectFrom('attendanceBreaks').select(BREAK_COLUMNS).where('attendanceId', 'in', ids).orderBy('startAt').execute()
        : []);
  const withBreaks = (r: (typeof rows)[number] | undefined): AttendanceState | null =>
    r
      ? {
          ...r,
          breaks: breaks.filter((b) => b.attendanceId === r.id).map(({ id, startAt, endAt }) => ({ id, startAt, endAt })),
        }
      : null;

  const state = {
    // A published roster day (decision 085) of yesterday, today or tomorrow wins over the pattern.
    schedules: [...scheduleRows.map(toScheduleRule), ...planned.map(plannedDayRule)],
    attendanceToday: withBreaks(recent.find((r) => r.date === today)),
    attendanceYesterday: withBreaks(recent.find((r) => r.date === yesterday)),
    attendanceTomorrow: withBreaks(recent.find((r) => r.date === tomorrow)),
    previousOpen: withBreaks(open),
    approvedLeaveDates: [yesterday, today, tomorrow].filter((d) => leaves.some((l) => l.fromDate <= d && l.toDate >= d)),
  };
  return { state, latestPunch: latest[0] };
}
