/**
 * Disputed corrections (issue 38 point 4, decision 082). A dispute is an administrator's correction
 * the worker rejected, in their own words (decision 034: a rejection needs a comment). It never
 * leaves the record: a later correction or a later acceptance adds to the day, it does not hide
 * the dispute. A dispute is resolved (still shown, marked so) when the worker accepts a later
 * correction of the same day; an expired or pending later correction resolves nothing (silence is
 * not agreement). Pure functions.
 */
import type { BreakInstants } from './shift-times.ts';
import type { AcceptanceStatus } from './correction-rules.ts';

/** An acceptance row as the rules need it (a row of `attendance_correction_acceptances`). */
export interface AcceptanceFacts {
  revision: number;
  status: AcceptanceStatus;
  comment: string | null;
  answeredAt: string | null;
}

/** A revision of the day (`attendance_revisions`) as the dispute shows it. */
export interface RevisionFacts {
  revision: number;
  timeIn: string;
  timeOut: string | null;
  breaks: readonly BreakInstants[];
  reason: string | null;
  authorName: string | null;
  createdAt: string;
}

/** The day as one revision had it. */
export interface DayTimes {
  timeIn: string;
  timeOut: string | null;
  breaks: readonly BreakInstants[];
}

/** Both sides of a disputed correction: the company's change and the worker's objection. */
export interface DayDispute {
  revision: number;
  /** The day before the change; null when the correction created the day (a manual day). */
  before: DayTimes | null;
  after: DayTimes;
  /** Who made the change (the revision's author) and why, when. */
  author: string | null;
  reason: string | null;
  correctedAt: string;
  /** The worker's objection, verbatim, and when it was made. */
  comment: string;
  objectedAt: string;
  /** When the worker accepted a later correction of the day, or null while the dispute is open. */
  resolvedAt: string | null;
}

/** A rejected correction is a dispute; an expired one is "not accepted", not an objection in the worker's words. */
export function isDispute(row: AcceptanceFacts): boolean {
  return row.status === 'rejected';
}

/** When a dispute over `revision` ended: the first acceptance of a later correction of the day. */
export function resolvedAt(rows: readonly AcceptanceFacts[], revision: number): string | null {
  const accepted = rows.filter((r) => r.revision > revision && r.status === 'accepted' && r.answeredAt !== null).sort((a, b) => a.revision - b.revision);
  return accepted[0]?.answeredAt ?? null;
}

const times = (r: RevisionFacts): DayTimes => ({ timeIn: r.timeIn, timeOut: r.timeOut, breaks: r.breaks });

/**
 * The disputes of one day from its acceptance rows and its revision history (any order), oldest
 * first. Every acceptance row names a revision written in the same transaction, so the history
 * holds it; the revision before it is the day as it was (none: the correction created the day).
 */
export function disputesOf(rows: readonly AcceptanceFacts[], revisions: readonly RevisionFacts[]): DayDispute[] {
  const byRevision = new Map(revisions.map((r) => [r.revision, r]));
  return rows
    .filter(isDispute)
    .sort((a, b) => a.revision - b.revision)
    .flatMap((row): DayDispute[] => {
      const after = byRevision.get(row.revision);
      if (!after) return [];
      const before = byRevision.get(row.revision - 1);
      return [
        {
          revision: row.revision,
          before: before ? times(before) : null,
          after: times(after),
          author: after.authorName,
          reason: after.reason,
          correctedAt: after.createdAt,
          comment: row.comment ?? '',
          objectedAt: row.answeredAt ?? after.createdAt,
          resolvedAt: resolvedAt(rows, row.revision),
        },
      ];
    });
}

/** A disputed day as the representatives' list shows it: the name and dates only (decision 082). */
export interface DisputedDay {
  employeeId: number;
  name: string;
  /** The work date of the disputed day. */
  date: string;
  /** The date (company zone) the worker objected, and the date the dispute was resolved, if it was. */
  objectedOn: string;
  resolvedOn: string | null;
}
