import * as v from 'valibot';

/**
 * Retention of the working-time record (decision 083). Art. 34.9 ET keeps the record four years;
 * the setting may keep it longer (up to ten) but never less.
 */
export const RECORD_RETENTION_YEARS = { min: 4, max: 10, default: 4 } as const;

/**
 * The purge removes nobody in the first 30 days after this installation gained it (migration 0050
 * applied, on an upgrade or a first start): an owner whose leavers are past retention (an upgrade,
 * an import of past staff) has that long to place legal holds or lengthen the retention first.
 */
export const FIRST_PURGE_AFTER_DAYS = 30;
export const PURGE_MIGRATION = '0050-retention-and-legal-hold';

/** The instant from which the purge may remove anyone, given when migration 0050 was applied. */
export const firstPurgeAt = (appliedAt: string): number => Date.parse(appliedAt) + FIRST_PURGE_AFTER_DAYS * 86_400_000;

/** A person the purge may concern: someone who left, with the last day they are on the record. */
export interface RetentionCandidate {
  employeeId: number;
  companyId: number;
  /** `employees.end_date`: the last day of employment; null = still employed (never purged). */
  endDate: string | null;
  /** The latest date of any of their attendances or leave, if any (a record later than the end date). */
  lastRecordDate: string | null;
  purgedAt: string | null;
}

/** An unreleased legal hold: on one employee, or (employeeId null) on the whole company. */
export interface ActiveHold {
  companyId: number;
  employeeId: number | null;
}

/** A legal hold as the API answers it and the pages show it. */
export interface LegalHoldView {
  id: number;
  companyId: number;
  companyName: string;
  /** Null: the whole company. */
  employeeId: number | null;
  employeeName: string | null;
  reason: string;
  setBy: number | null;
  setByName: string | null;
  setAt: string;
  releasedBy: number | null;
  releasedByName: string | null;
  releasedAt: string | null;
}

/** `YYYY-MM-DD` plus whole years (29 February becomes 28 February in a common year). */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + years, m - 1, 1));
  const lastDay = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The person's last day on the record: the end date, or a later attendance or leave. */
export function lastDayOf(c: Pick<RetentionCandidate, 'endDate' | 'lastRecordDate'>): string | null {
  if (c.endDate === null) return null;
  return c.lastRecordDate !== null && c.lastRecordDate > c.endDate ? c.lastRecordDate : c.endDate;
}

/** The last day the person's data is kept: their last day plus the retention years (never fewer than four); it may go from the day after. */
export function keptUntil(c: Pick<RetentionCandidate, 'endDate' | 'lastRecordDate'>, years: number): string | null {
  const last = lastDayOf(c);
  return last === null ? null : addYears(last, Math.max(years, RECORD_RETENTION_YEARS.min));
}

/** Whether any unreleased hold covers the person (their own, or their company's). */
export const isHeld = (c: Pick<RetentionCandidate, 'employeeId' | 'companyId'>, holds: readonly ActiveHold[]): boolean =>
  holds.some((h) => h.companyId === c.companyId && (h.employeeId === null || h.employeeId === c.employeeId));

/**
 * Who the purge removes on `today` (the company's local date): people who left (an end date), not
 * purged yet, whose last day plus the retention years (never fewer than four) is before today,
 * and whom no legal hold covers.
 */
export function dueForPurge(candidates: readonly RetentionCandidate[], holds: readonly ActiveHold[], today: string, years: number): RetentionCandidate[] {
  return candidates.filter((c) => {
    const from = keptUntil(c, years);
    return c.purgedAt === null && from !== null && from < today && !isHeld(c, holds);
  });
}

/** The name a purged person is shown with (translated on screen: `retention.purgedName`). */
export const purgedLabel = (employeeId: number): { firstName: string; lastName: string } => ({ firstName: 'Persona eliminada', lastName: `#${employeeId}` });

const holdReason = v.pipe(v.string('legalHold.reasonRequired'), v.trim(), v.minLength(1, 'legalHold.reasonRequired'), v.maxLength(500, 'validation.tooLong'));

/** POST /api/employees/{id}/legal-holds: why (required). */
export const LegalHoldInput = v.object({ reason: holdReason }, 'validation.invalidInput');
export type LegalHoldInput = v.InferOutput<typeof LegalHoldInput>;

/** POST /api/legal-holds: a hold on a whole company, and why. */
export const CompanyLegalHoldInput = v.object(
  {
    companyId: v.pipe(v.number('legalHold.companyRequired'), v.integer('legalHold.companyRequired'), v.minValue(1, 'legalHold.companyRequired')),
    reason: holdReason,
  },
  'validation.invalidInput',
);
export type CompanyLegalHoldInput = v.InferOutput<typeof CompanyLegalHoldInput>;
