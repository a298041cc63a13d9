import type { Db } from '../connection.ts';

/** What the absence floor (domain/reports/absence-rule.ts) reads of each company. */
export interface CompanyRecordStart {
  /** When the company was created here (ISO 8601 UTC). */
  createdAt: string;
  /** Its earliest recorded (not voided) attendance date, or null. */
  firstRecordedDate: string | null;
}

/** Each company's creation instant and first recorded day. */
export async function companyRecordStarts(db: Db): Promise<Map<number, CompanyRecordStart>> {
  const companies = await db.selectFrom('companies').select(['id', 'createdAt']).execute();
  // One row per company, read in date order (the `attendances_date` index) so it stops at the first.
  const firstOf = new Map<number, string | null>();
  for (const c of companies) {
    const row = await db
      .selectFrom('attendances')
      .innerJoin('employees', 'employees.id', 'attendances.employeeId')
      .select('attendances.date')
      .where('employees.companyId', '=', c.id)
      .where('attendances.voidedAt', 'is', null)
      .orderBy('attendances.date')
      .limit(1)
      .executeTakeFirst();
    firstOf.set(c.id, row?.date ?? null);
  }
  return new Map(companies.map((c) => [c.id, { createdAt: String(c.createdAt), firstRecordedDate: firstOf.get(c.id) ?? null }]));
}
