import type { DayDispute, DayTimes } from '../attendance/disputes.ts';
import { localDateOf, localTimeOf } from '../time/zoned-time.ts';

/** A note of the record: an i18n key with its parameters (see record-notes.ts). */
export interface DisputeNote {
  key: string;
  params?: Record<string, string>;
}

const span = (from: string, to: string | null, zone: string) => `${localTimeOf(from, zone)}–${to ? localTimeOf(to, zone) : '…'}`;

/** "2026-03-12 10:05" in the day's zone: when a side spoke, read the same in es and en. */
export const instantText = (at: string, zone: string) => `${localDateOf(at, zone)} ${localTimeOf(at, zone)}`;

/** Literal keys, so the translation files' unused keys can be found. */
const SIDE_KEYS = {
  before: { plain: 'reports.record.dispute.before', withBreaks: 'reports.record.dispute.beforeWithBreaks' },
  after: { plain: 'reports.record.dispute.after', withBreaks: 'reports.record.dispute.afterWithBreaks' },
} as const;

function timesNote(side: 'before' | 'after', day: DayTimes, zone: string): DisputeNote {
  const times = span(day.timeIn, day.timeOut, zone);
  if (day.breaks.length === 0) return { key: SIDE_KEYS[side].plain, params: { times } };
  const breaks = day.breaks.map((b) => span(b.startAt, b.endAt, zone)).join(', ');
  return { key: SIDE_KEYS[side].withBreaks, params: { times, breaks } };
}

/**
 * Both sides of each disputed correction of a day (decision 082), in the order they happened: the
 * company's change (which correction, its author, when, the reason), the day before and after it
 * (times and breaks in the day's zone), the worker's objection in their own words (verbatim, never
 * translated), and, once resolved, when the worker accepted a later correction. Shown on the page,
 * the PDF and the Excel file alike (they all read `recordNotes`).
 */
export function disputeNotes(disputes: readonly DayDispute[], zone: string): DisputeNote[] {
  return disputes.flatMap((d) => [
    { key: 'reports.record.dispute.change', params: { revision: String(d.revision), author: d.author ?? '—', when: instantText(d.correctedAt, zone), reason: d.reason ?? '—' } },
    d.before ? timesNote('before', d.before, zone) : { key: 'reports.record.dispute.beforeNone' },
    timesNote('after', d.after, zone),
    { key: 'reports.record.dispute.objection', params: { when: instantText(d.objectedAt, zone), comment: d.comment } },
    ...(d.resolvedAt ? [{ key: 'reports.record.dispute.resolved', params: { when: instantText(d.resolvedAt, zone) } }] : []),
  ]);
}
