import { MAX_OPEN_SHIFT_SECONDS } from '../clock/clock-engine.ts';
import { WORK_FLAG_LABELS } from '../attendance/work-flag.ts';
import type { MonthlyRecordDay } from './monthly-record.ts';
import { formatDuration } from '../format/intl-format.ts';
import { warningNote } from '../worktime/work-time-warning-text.ts';
import { disputeNotes } from './dispute-notes.ts';
import { localTimeOf } from '../time/zoned-time.ts';

/** Issue 38 point 1: a standby period's note by kind, with and without a called-in part; an interruption's by channel (keys written out). */
const STANDBY_NOTES = {
  waiting: { plain: 'reports.record.waitingNote', calledIn: 'reports.record.waitingCalledInNote' },
  on_call: { plain: 'reports.record.onCallNote', calledIn: 'reports.record.onCallCalledInNote' },
} as const;
const INTERRUPTION_NOTES = {
  phone: 'reports.record.interruptionPhone',
  message: 'reports.record.interruptionMessage',
  email: 'reports.record.interruptionEmail',
  other: 'reports.record.interruptionOther',
} as const;

/**
 * The notes column of the monthly record, as i18n keys with parameters (the page and the Excel
 * file say the same): rest day, company holiday, leave (its type's name, as recorded), absence, no schedule, an
 * open day (still running while the clock would still close it, MAX_OPEN_SHIFT_SECONDS after the
 * check-in; later it is a forgotten check-out), work outside
 * the schedule (flagged work by its flag, decision 032), whether the day was corrected or entered by hand, with the
 * written reason, the worker's answer to an administrator's correction (pending, accepted, rejected
 * with the worker's comment, or not accepted once the time to answer passed; decision 034), both
 * sides of every correction the worker rejected, resolved or not (decision 082), the
 * clock terminals the day was punched at (decision 042), then each voided entry of the date with
 * its reason (decision 033); a day the automatic clock-out closed says so (decision 056). After the day's kind: a break deducted automatically or paid breaks
 * counted as work (the counted time beside the measured one), then the day's work-time warnings
 * with the measured value (decision 050). Last, the day's waiting and on-call periods and
 * interruptions of digital disconnection (issue 38 point 1).
 */
export function recordNotes(day: MonthlyRecordDay, now: string): { key: string; params?: Record<string, string>; text?: string }[] {
  const out: { key: string; params?: Record<string, string>; text?: string }[] = [];
  if (day.kind === 'rest') out.push({ key: 'reports.record.kinds.rest' });
  if (day.holiday && day.kind !== 'rest') out.push({ key: 'reports.record.holiday', params: { name: day.holiday } });
  if (day.kind === 'leave') out.push(day.leaveType ? { key: '', text: day.leaveType } : { key: 'reports.record.kinds.leave' });
  // Issue 33 point 5: approved leave on a day worked anyway shows both; the leave day still counts.
  else if (day.leaveDay && day.leaveType) out.push({ key: 'reports.record.leaveWorked', params: { leave: day.leaveType } });
  if (day.kind === 'absent') out.push({ key: 'reports.record.kinds.absent' });
  if (day.kind === 'unscheduled') out.push({ key: 'reports.record.kinds.unscheduled' });
  if (day.kind === 'before-start') out.push({ key: 'reports.record.kinds.beforeStart' });
  if (day.kind === 'open') {
    const forgotten = day.timeIn !== null && Date.parse(now) - Date.parse(day.timeIn) > MAX_OPEN_SHIFT_SECONDS * 1000;
    out.push({ key: forgotten ? 'reports.record.kinds.missingCheckOut' : 'reports.record.kinds.open' });
  }
  // Flagged work says what it was ("rest-day work", "unscheduled"; decision 032), also while open.
  if (day.workFlag) out.push({ key: WORK_FLAG_LABELS[day.workFlag] });
  // Work on a holiday is holiday work (all of it extra), not work outside the schedule.
  else if (day.kind === 'worked' && day.expectedSeconds === 0) out.push({ key: day.holiday ? 'reports.record.holidayWork' : 'reports.record.kinds.extraDay' });
  // A part-time worker's hours beyond the day's (art. 12.5 ET): complementary, not overtime.
  if ((day.complementarySeconds ?? 0) > 0) out.push({ key: 'reports.record.complementary', params: { duration: formatDuration(day.complementarySeconds, 'en') } });
  // Decision 081: the complementary hours by category, and force majeure overtime with its reason.
  const split = day.complementarySplit;
  if (split) {
    const d = (s: number) => formatDuration(s, 'en');
    out.push({ key: 'reports.record.complementarySplit', params: { agreed: d(split.agreedSeconds), voluntary: d(split.voluntarySeconds), exceeding: d(split.exceedingSeconds), notAllowed: d(split.notAllowedSeconds) } });
  }
  if (day.overtimeForceMajeure) out.push({ key: 'reports.record.forceMajeure', params: { reason: day.overtimeForceMajeure } });
  // Decision 050. Durations read the same in es and en ("7 h 05 min"), so they are formatted here.
  const counted = day.countedSeconds;
  const deducted = day.deductedSeconds;
  if (deducted > 0 && counted !== null) out.push({ key: 'workTime.notes.autoBreakDeducted', params: { deducted: formatDuration(deducted, 'en'), counted: formatDuration(counted, 'en') } });
  else if (counted !== null && day.workedSeconds !== null && counted > day.workedSeconds) out.push({ key: 'workTime.notes.paidBreaksCounted', params: { counted: formatDuration(counted, 'en') } });
  for (const w of day.warnings ?? []) out.push(warningNote(w, 'en'));
  // Decision 056: the system closed the day at its scheduled end; the revision is the system's,
  // so it is not "corrected" (a reason on the day is a person's earlier correction).
  if (day.closedAutomatically) {
    out.push({ key: 'reports.record.closedAutomatically' });
    if (day.reason) out.push({ key: 'reports.record.correctedWithReason', params: { reason: day.reason } });
  } else if (day.corrected) out.push(day.reason ? { key: 'reports.record.correctedWithReason', params: { reason: day.reason } } : { key: 'reports.record.corrected' });
  else if (day.source === 'manual') out.push(day.reason ? { key: 'reports.record.manualWithReason', params: { reason: day.reason } } : { key: 'reports.record.manual' });
  // Decision 034: the worker's side of an administrator's correction. The record shows the
  // corrected values (the company keeps the record); the worker's answer stands beside them.
  // Decision 082: each rejected correction stays with both sides, also after later corrections
  // or acceptances; the latest answer's own note then covers only a later, undisputed correction.
  const answer = day.workerAcceptance;
  const disputes = day.disputes ?? [];
  if (answer?.state === 'pending') out.push({ key: 'reports.record.correctionPending' });
  if (answer?.state === 'expired') out.push({ key: 'reports.record.correctionNotAccepted' });
  if (answer?.state === 'rejected' && disputes.length === 0) out.push({ key: 'reports.record.correctionRejected', params: { comment: answer.comment ?? '' } });
  if (answer?.state === 'accepted') out.push({ key: 'reports.record.correctionAccepted' });
  out.push(...disputeNotes(disputes, day.timezone));
  // Decision 046: a punch kept by a terminal while the server was unreachable, received later.
  if (day.offline) out.push({ key: 'reports.record.offline' });
  // Decision 068: proof of place flagged on-site punches made outside every workplace.
  if (day.outsidePunches) out.push({ key: 'reports.record.outsideWorkplaces', params: { count: String(day.outsidePunches) } });
  if (day.terminals.length > 0) out.push({ key: 'reports.record.punchedAt', params: { names: day.terminals.join(', ') } });
  for (const v of day.voided) out.push({ key: 'reports.record.voidedWithReason', params: { reason: v.voidReason } });
  // Issue 38 point 1 (decision 080): waiting and on-call periods (not work; the called-in part is)
  // and interruptions of digital disconnection (work when work was done), times in their zone.
  for (const p of day.timeApart?.standby ?? []) {
    const params = { from: localTimeOf(p.startAt, p.timezone), to: localTimeOf(p.endAt, p.timezone), duration: formatDuration(p.calledInSeconds, 'en') };
    out.push({ key: p.calledInSeconds > 0 ? STANDBY_NOTES[p.kind].calledIn : STANDBY_NOTES[p.kind].plain, params });
  }
  for (const i of day.timeApart?.interruptions ?? []) {
    out.push({ key: INTERRUPTION_NOTES[i.channel], params: { at: localTimeOf(i.at, i.timezone), duration: formatDuration(i.durationSeconds, 'en') } });
    if (i.workDone) out.push({ key: 'reports.record.interruptionWorked', params: { duration: formatDuration(i.durationSeconds, 'en') } });
  }
  return out;
}

/** The notes as one line, translated with `t`. */
export function recordNoteText(day: MonthlyRecordDay, now: string, t: (key: string, params?: Record<string, unknown>) => string): string {
  return recordNotes(day, now)
    .map((n) => n.text ?? t(n.key, n.params))
    .join(' · ');
}
