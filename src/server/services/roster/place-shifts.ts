import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { rosterLockedPeriods } from '../../db/repositories/roster-grid.ts';
import { insertRosterShifts, rosterShiftsIn, takenDays, type RosterShiftValues } from '../../db/repositories/roster-shifts.ts';
import type { RosterActor, RosterDepartment } from './roster-department.ts';

/**
 * Places shifts in bulk (copy a week, repeat weeks, fill from schedules; decision 085): never over
 * an existing draft shift (the employee's date taken, or the same open shift already there) and
 * never on a locked day; each left out is counted as skipped. One transaction, one audit entry.
 */
export interface PlaceResult {
  created: number;
  skipped: number;
}

const span = (rows: readonly { date: string }[]) => {
  const dates = rows.map((r) => r.date).sort();
  return { from: dates[0]!, to: dates[dates.length - 1]! };
};

const openKey = (s: Pick<RosterShiftValues, 'date' | 'startTime' | 'endTime' | 'breakMinutes' | 'templateId'>) => `${s.date}|${s.startTime}|${s.endTime}|${s.breakMinutes}|${s.templateId ?? ''}`;

export async function placeShifts(db: Db, actor: RosterActor, department: RosterDepartment, candidates: readonly RosterShiftValues[], action: string, detail: Record<string, unknown>, at: string): Promise<PlaceResult> {
  if (candidates.length === 0) return { created: 0, skipped: 0 };
  return db.transaction().execute(async (trx) => {
    const { from, to } = span(candidates);
    const employeeIds = [...new Set(candidates.flatMap((c) => (c.employeeId === null ? [] : [c.employeeId])))];
    const taken = await takenDays(trx, employeeIds, from, to);
    const locked = await rosterLockedPeriods(trx, employeeIds, from, to);
    const openThere = new Set((await rosterShiftsIn(trx, department.id, from, to)).filter((s) => s.employeeId === null).map(openKey));
    const rows: RosterShiftValues[] = [];
    let skipped = 0;
    for (const c of candidates) {
      if (c.employeeId === null) {
        if (openThere.has(openKey(c))) skipped += 1;
        else rows.push(c);
        continue;
      }
      const key = `${c.employeeId}|${c.date}`;
      if (taken.has(key) || locked.some((p) => p.employeeId === c.employeeId && p.dateFrom <= c.date && c.date <= p.dateTo)) {
        skipped += 1;
        continue;
      }
      taken.add(key);
      rows.push(c);
    }
    await insertRosterShifts(trx, rows, at, actor.id);
    await appendAudit(trx, { userId: actor.id, entity: 'roster', entityId: department.id, action, after: { ...detail, created: rows.length, skipped }, at });
    return { created: rows.length, skipped };
  });
}
