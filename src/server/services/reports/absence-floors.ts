import { absenceFloor, recordStartOf } from '#domain/reports/absence-rule.ts';
import type { ScheduleRule } from '#domain/schedules/schedule-rules.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Db } from '../../db/connection.ts';
import { companyRecordStarts } from '../../db/repositories/record-start.ts';

/** An employee as the absence floor needs them. */
export interface FloorEmployee {
  id: number;
  companyId: number;
  officialStartDate: string | null;
}

/**
 * Each employee's absence floor (domain/reports/absence-rule.ts: no absence before their first
 * schedule, their start date, or the day their company's record began here), by employee id.
 * Every report that can count an absence reads its floors here.
 */
export async function absenceFloors(db: Db, employees: readonly FloorEmployee[], schedulesOf: (employeeId: number) => readonly ScheduleRule[], timezone: string): Promise<Map<number, string>> {
  const starts = await companyRecordStarts(db);
  const out = new Map<number, string>();
  for (const e of employees) {
    const company = starts.get(e.companyId);
    const recordStart = company ? recordStartOf(localDateOf(company.createdAt, timezone), company.firstRecordedDate) : null;
    out.set(e.id, absenceFloor({ schedules: schedulesOf(e.id), startDate: e.officialStartDate, recordStart }));
  }
  return out;
}
