import type { Claimant, ClaimDto, OpenShiftDto, RequestShift, SwapDto, SwapShiftDto } from '#domain/roster/roster-requests.ts';
import type { Db } from '../connection.ts';
import type { ShiftSwapStatus } from '../schema.ts';
import { byName } from '../text-order.ts';

/**
 * Open-shift claims and shift swaps (issue 39 point 6, decision 086): the reads and writes of
 * `open_shift_claims`, `shift_swaps` and the assignment of a draft shift (`roster_shifts`) they
 * decide. The published day that follows is written by `writePlannedDays` (planned-days.ts) in
 * the same transaction, which checks the period lock and chains it.
 */

const SHIFT_COLUMNS = [
  'rosterShifts.id',
  'rosterShifts.companyId',
  'rosterShifts.departmentId',
  'rosterShifts.employeeId',
  'rosterShifts.date',
  'rosterShifts.startTime',
  'rosterShifts.endTime',
  'rosterShifts.breakMinutes',
  'rosterShifts.published',
] as const;

type ShiftRow = Omit<RequestShift, 'published'> & { published: number };
const toShift = (r: ShiftRow): RequestShift => ({ ...r, published: r.published === 1 });

export async function findRequestShift(db: Db, id: number): Promise<RequestShift | undefined> {
  const row = await db.selectFrom('rosterShifts').select(SHIFT_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toShift(row) : undefined;
}

/** The ids of an employee's draft shifts on a date. */
export async function draftShiftIdsOn(db: Db, employeeId: number, date: string): Promise<number[]> {
  const rows = await db.selectFrom('rosterShifts').select('id').where('employeeId', '=', employeeId).where('date', '=', date).execute();
  return rows.map((r) => r.id);
}

/** Whether the published plan gives the employee a shift on the date. */
export async function publishedShiftOn(db: Db, employeeId: number, date: string): Promise<boolean> {
  const row = await db.selectFrom('plannedDays').select('id').where('employeeId', '=', employeeId).where('date', '=', date).where('kind', '=', 'shift').executeTakeFirst();
  return row !== undefined;
}

export async function findClaimant(db: Db, employeeId: number): Promise<Claimant | undefined> {
  return db.selectFrom('employees').select(['id', 'companyId', 'departmentId', 'status']).where('id', '=', employeeId).executeTakeFirst();
}

/** Gives a draft shift to an employee and marks it published (what the day now reads). */
export async function assignShift(db: Db, shiftId: number, employeeId: number, at: string, by: number | null): Promise<void> {
  await db.updateTable('rosterShifts').set({ employeeId, published: 1, updatedAt: at, updatedBy: by }).where('id', '=', shiftId).execute();
}

// --- claims ---

/** The published open shifts of a department from `from` on, with the employee's own latest claim (withdrawn reads as none). */
export async function openShiftsOfDepartment(db: Db, departmentId: number, from: string, employeeId: number): Promise<OpenShiftDto[]> {
  const rows = await db
    .selectFrom('rosterShifts')
    .innerJoin('departments', 'departments.id', 'rosterShifts.departmentId')
    .select(['rosterShifts.id', 'rosterShifts.date', 'rosterShifts.startTime', 'rosterShifts.endTime', 'rosterShifts.breakMinutes', 'departments.name as department'])
    .where('rosterShifts.departmentId', '=', departmentId)
    .where('rosterShifts.employeeId', 'is', null)
    .where('rosterShifts.published', '=', 1)
    .where('rosterShifts.date', '>=', from)
    .orderBy('rosterShifts.date')
    .orderBy('rosterShifts.startTime')
    .orderBy('rosterShifts.id')
    .execute();
  if (rows.length === 0) return [];
  const claims = await db
    .selectFrom('openShiftClaims')
    .select(['shiftId', 'status', 'id'])
    .where('employeeId', '=', employeeId)
    .where(
      'shiftId',
      'in',
      rows.map((r) => r.id),
    )
    .where('status', '!=', 'withdrawn')
    .orderBy('id')
    .execute();
  const mine = new Map(claims.map((c) => [c.shiftId, c.status as OpenShiftDto['myClaim']]));
  return rows.map((r) => ({ _id: r.id, date: r.date, startTime: r.startTime, endTime: r.endTime, breakMinutes: r.breakMinutes, department: r.department, myClaim: mine.get(r.id) ?? null }));
}

export interface ClaimRow {
  id: number;
  shiftId: number;
  employeeId: number;
  status: 'pending' | 'approved' | 'declined' | 'withdrawn';
  createdAt: string;
}

export async function findClaim(db: Db, id: number): Promise<ClaimRow | undefined> {
  return db.selectFrom('openShiftClaims').select(['id', 'shiftId', 'employeeId', 'status', 'createdAt']).where('id', '=', id).executeTakeFirst();
}

/** The employee's pending claim of a shift, if any. */
export async function pendingClaimOf(db: Db, shiftId: number, employeeId: number): Promise<ClaimRow | undefined> {
  return db
    .selectFrom('openShiftClaims')
    .select(['id', 'shiftId', 'employeeId', 'status', 'createdAt'])
    .where('shiftId', '=', shiftId)
    .where('employeeId', '=', employeeId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** The employee's claim of a shift that still stands (pending, approved or declined: a claim is made once unless withdrawn). */
export async function standingClaimOf(db: Db, shiftId: number, employeeId: number): Promise<ClaimRow | undefined> {
  return db
    .selectFrom('openShiftClaims')
    .select(['id', 'shiftId', 'employeeId', 'status', 'createdAt'])
    .where('shiftId', '=', shiftId)
    .where('employeeId', '=', employeeId)
    .where('status', '!=', 'withdrawn')
    .executeTakeFirst();
}

export async function pendingClaimsOfShift(db: Db, shiftId: number): Promise<ClaimRow[]> {
  return db.selectFrom('openShiftClaims').select(['id', 'shiftId', 'employeeId', 'status', 'createdAt']).where('shiftId', '=', shiftId).where('status', '=', 'pending').orderBy('id').execute();
}

export async function insertClaim(db: Db, shiftId: number, employeeId: number, at: string): Promise<number> {
  const row = await db.insertInto('openShiftClaims').values({ shiftId, employeeId, status: 'pending', createdAt: at }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Moves a claim on from `pending` only; answers whether it did (a concurrent decision loses). */
export async function decideClaim(db: Db, id: number, status: 'approved' | 'declined' | 'withdrawn', by: number | null, at: string): Promise<boolean> {
  const result = await db.updateTable('openShiftClaims').set({ status, decidedBy: by, decidedAt: at }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Claims of a status in the companies an account manages (`companyId` null = every company), oldest first. */
export async function listClaims(db: Db, companyId: number | null, status: ClaimRow['status']): Promise<ClaimDto[]> {
  let q = db
    .selectFrom('openShiftClaims')
    .innerJoin('rosterShifts', 'rosterShifts.id', 'openShiftClaims.shiftId')
    .innerJoin('departments', 'departments.id', 'rosterShifts.departmentId')
    .innerJoin('employees', 'employees.id', 'openShiftClaims.employeeId')
    .select([
      'openShiftClaims.id',
      'openShiftClaims.status',
      'openShiftClaims.createdAt',
      'rosterShifts.id as shiftId',
      'rosterShifts.date',
      'rosterShifts.startTime',
      'rosterShifts.endTime',
      'rosterShifts.breakMinutes',
      'departments.name as department',
      'employees.id as employeeId',
      'employees.firstName',
      'employees.lastName',
    ])
    .where('openShiftClaims.status', '=', status);
  if (companyId !== null) q = q.where('rosterShifts.companyId', '=', companyId);
  const rows = await q.orderBy('rosterShifts.date').orderBy('openShiftClaims.id').limit(500).execute();
  return rows.map((r) => ({
    _id: r.id,
    status: r.status,
    createdAt: r.createdAt,
    shift: { _id: r.shiftId, date: r.date, startTime: r.startTime, endTime: r.endTime, breakMinutes: r.breakMinutes, department: r.department },
    employee: { _id: r.employeeId, name: `${r.firstName} ${r.lastName}` },
  }));
}

// --- swaps ---

export interface SwapRow {
  id: number;
  shiftId: number;
  otherShiftId: number | null;
  fromEmployeeId: number;
  toEmployeeId: number;
  status: ShiftSwapStatus;
  note: string | null;
}

const SWAP_COLUMNS = ['id', 'shiftId', 'otherShiftId', 'fromEmployeeId', 'toEmployeeId', 'status', 'note'] as const;

export async function findSwap(db: Db, id: number): Promise<SwapRow | undefined> {
  return db.selectFrom('shiftSwaps').select(SWAP_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** A swap still open (proposed or accepted) involving the shift on either side. */
export async function openSwapOfShift(db: Db, shiftId: number): Promise<SwapRow | undefined> {
  return db
    .selectFrom('shiftSwaps')
    .select(SWAP_COLUMNS)
    .where((eb) => eb.or([eb('shiftId', '=', shiftId), eb('otherShiftId', '=', shiftId)]))
    .where('status', 'in', ['proposed', 'accepted'])
    .executeTakeFirst();
}

export async function insertSwap(db: Db, values: { shiftId: number; otherShiftId: number | null; fromEmployeeId: number; toEmployeeId: number; note: string | null }, at: string): Promise<number> {
  const row = await db
    .insertInto('shiftSwaps')
    .values({ ...values, status: 'proposed', createdAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Moves a swap from one of `from` to `to`; answers whether it did (a concurrent step loses). */
export async function moveSwap(db: Db, id: number, from: readonly ShiftSwapStatus[], to: ShiftSwapStatus, stamp: { answeredAt?: string; decidedAt?: string; decidedBy?: number | null }): Promise<boolean> {
  const result = await db
    .updateTable('shiftSwaps')
    .set({ status: to, ...stamp })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Swaps as shown: of the managed companies with a status (admin), or where the employee is either side (personal). */
export async function listSwaps(db: Db, filter: { companyId: number | null; status: ShiftSwapStatus } | { employeeId: number; since: string }): Promise<SwapDto[]> {
  let q = db
    .selectFrom('shiftSwaps')
    .innerJoin('rosterShifts as s', 's.id', 'shiftSwaps.shiftId')
    .leftJoin('rosterShifts as o', 'o.id', 'shiftSwaps.otherShiftId')
    .innerJoin('employees as f', 'f.id', 'shiftSwaps.fromEmployeeId')
    .innerJoin('employees as t', 't.id', 'shiftSwaps.toEmployeeId')
    .select([
      'shiftSwaps.id',
      'shiftSwaps.status',
      'shiftSwaps.note',
      'shiftSwaps.createdAt',
      's.id as sId',
      's.date as sDate',
      's.startTime as sStart',
      's.endTime as sEnd',
      's.breakMinutes as sBreak',
      'o.id as oId',
      'o.date as oDate',
      'o.startTime as oStart',
      'o.endTime as oEnd',
      'o.breakMinutes as oBreak',
      'f.id as fromId',
      'f.firstName as fromFirst',
      'f.lastName as fromLast',
      't.id as toId',
      't.firstName as toFirst',
      't.lastName as toLast',
    ]);
  if ('status' in filter) {
    q = q.where('shiftSwaps.status', '=', filter.status);
    if (filter.companyId !== null) q = q.where('s.companyId', '=', filter.companyId);
  } else {
    q = q.where((eb) => eb.or([eb('shiftSwaps.fromEmployeeId', '=', filter.employeeId), eb('shiftSwaps.toEmployeeId', '=', filter.employeeId)])).where('s.date', '>=', filter.since);
  }
  const rows = await q.orderBy('s.date').orderBy('shiftSwaps.id').limit(500).execute();
  return rows.map((r) => ({
    _id: r.id,
    status: r.status,
    note: r.note,
    createdAt: r.createdAt,
    shift: { _id: r.sId, date: r.sDate, startTime: r.sStart, endTime: r.sEnd, breakMinutes: r.sBreak },
    otherShift: r.oId === null ? null : { _id: r.oId, date: r.oDate!, startTime: r.oStart!, endTime: r.oEnd!, breakMinutes: r.oBreak! },
    from: { _id: r.fromId, name: `${r.fromFirst} ${r.fromLast}` },
    to: { _id: r.toId, name: `${r.toFirst} ${r.toLast}` },
  }));
}

/** The employees' published draft shifts from `from` on (what a swap may offer), by employee. */
export async function publishedShiftsOf(db: Db, employeeIds: readonly number[], from: string): Promise<Map<number, SwapShiftDto[]>> {
  const out = new Map<number, SwapShiftDto[]>();
  if (employeeIds.length === 0) return out;
  const rows = await db
    .selectFrom('rosterShifts')
    .select(['id', 'employeeId', 'date', 'startTime', 'endTime', 'breakMinutes'])
    .where('employeeId', 'in', [...employeeIds])
    .where('published', '=', 1)
    .where('date', '>=', from)
    .orderBy('date')
    .orderBy('startTime')
    .limit(2000)
    .execute();
  for (const r of rows) {
    const list = out.get(r.employeeId!) ?? [];
    list.push({ _id: r.id, date: r.date, startTime: r.startTime, endTime: r.endTime, breakMinutes: r.breakMinutes });
    out.set(r.employeeId!, list);
  }
  return out;
}

/** The other active employees of a department, in name order. */
export async function colleaguesOf(db: Db, departmentId: number, exceptId: number): Promise<{ _id: number; name: string }[]> {
  const rows = await db
    .selectFrom('employees')
    .select(['id', 'firstName', 'lastName'])
    .where('departmentId', '=', departmentId)
    .where('status', '=', 'active')
    .where('id', '!=', exceptId)
    .orderBy(byName('employees.firstName'))
    .orderBy(byName('employees.lastName'))
    .execute();
  return rows.map((r) => ({ _id: r.id, name: `${r.firstName} ${r.lastName}` }));
}

/** An employee's name as the messages show it. */
export async function employeeLabel(db: Db, employeeId: number): Promise<string> {
  const row = await db.selectFrom('employees').select(['firstName', 'lastName']).where('id', '=', employeeId).executeTakeFirst();
  return row ? `${row.firstName} ${row.lastName}` : '';
}
