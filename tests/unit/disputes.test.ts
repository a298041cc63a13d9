import { describe, expect, it } from 'vitest';
import { disputesOf, isDispute, resolvedAt, type AcceptanceFacts, type RevisionFacts } from '../../src/domain/attendance/disputes.ts';
import type { MonthlyRecordDay } from '../../src/domain/reports/monthly-record.ts';
import { recordNoteText, recordNotes } from '../../src/domain/reports/record-notes.ts';
import { translator } from '../../src/i18n/translate.ts';
import { correctionDisputedEmail } from '../../src/server/services/notifications/templates/correction-disputed.ts';

/**
 * Issue 38 point 4 (decision 082): a correction the worker rejected is a dispute; the record shows
 * the company's change (before, after, author, reason) and the worker's objection in their own
 * words; a later correction or acceptance never hides it, and accepting a later one resolves it.
 */
const NOW = '2026-03-20T00:00:00.000Z';
// 2026-03-02 in Madrid is UTC+1: 08:00Z is 09:00 local.
const revisions: RevisionFacts[] = [
  { revision: 1, timeIn: '2026-03-02T08:00:00.000Z', timeOut: '2026-03-02T16:00:00.000Z', breaks: [], reason: null, authorName: null, createdAt: '2026-03-02T16:00:00.000Z' },
  {
    revision: 2,
    timeIn: '2026-03-02T08:30:00.000Z',
    timeOut: '2026-03-02T16:00:00.000Z',
    breaks: [{ startAt: '2026-03-02T12:00:00.000Z', endAt: '2026-03-02T12:30:00.000Z' }],
    reason: 'Camera shows a late arrival',
    authorName: 'Marta Gil',
    createdAt: '2026-03-03T09:15:00.000Z',
  },
  { revision: 3, timeIn: '2026-03-02T08:10:00.000Z', timeOut: '2026-03-02T16:00:00.000Z', breaks: [], reason: 'Checked the door log', authorName: 'Marta Gil', createdAt: '2026-03-05T10:00:00.000Z' },
];
const COMMENT = '  Llegué a las 9:00 — el torno falló; "pregunta a Luis" <no es cierto>';
const rejected: AcceptanceFacts = { revision: 2, status: 'rejected', comment: COMMENT, answeredAt: '2026-03-04T07:45:00.000Z' };

describe('what a dispute is', () => {
  it('is a rejected correction; pending, expired (read as pending), accepted or superseded ones are not', () => {
    expect(isDispute(rejected)).toBe(true);
    for (const status of ['pending', 'accepted', 'superseded'] as const) expect(isDispute({ ...rejected, status })).toBe(false);
    expect(disputesOf([{ ...rejected, status: 'accepted' }], revisions)).toEqual([]);
  });

  it('holds both sides: the day before and after, the author, the reason, and the comment verbatim', () => {
    expect(disputesOf([rejected], revisions)).toEqual([
      {
        revision: 2,
        before: { timeIn: revisions[0]!.timeIn, timeOut: revisions[0]!.timeOut, breaks: [] },
        after: { timeIn: revisions[1]!.timeIn, timeOut: revisions[1]!.timeOut, breaks: revisions[1]!.breaks },
        author: 'Marta Gil',
        reason: 'Camera shows a late arrival',
        correctedAt: '2026-03-03T09:15:00.000Z',
        comment: COMMENT,
        objectedAt: '2026-03-04T07:45:00.000Z',
        resolvedAt: null,
      },
    ]);
  });

  it('a correction that created the day (revision 1) has no "before"', () => {
    const [d] = disputesOf([{ ...rejected, revision: 1 }], revisions);
    expect(d!.before).toBeNull();
  });

  it('stays open under a later correction still pending or unanswered, and ends when the worker accepts a later one', () => {
    const pending: AcceptanceFacts = { revision: 3, status: 'pending', comment: null, answeredAt: null };
    expect(disputesOf([rejected, pending], revisions)[0]!.resolvedAt).toBeNull();
    const accepted: AcceptanceFacts = { revision: 3, status: 'accepted', comment: null, answeredAt: '2026-03-06T08:00:00.000Z' };
    const [d] = disputesOf([accepted, rejected], revisions);
    expect(d!.resolvedAt).toBe('2026-03-06T08:00:00.000Z');
    // An acceptance of an earlier correction never ends a later dispute.
    expect(resolvedAt([{ ...accepted, revision: 1 }, rejected], 2)).toBeNull();
  });

  it('keeps every dispute of the day, oldest first', () => {
    const second: AcceptanceFacts = { revision: 3, status: 'rejected', comment: 'Tampoco', answeredAt: '2026-03-06T08:00:00.000Z' };
    expect(disputesOf([second, rejected], revisions).map((d) => [d.revision, d.comment])).toEqual([
      [2, COMMENT],
      [3, 'Tampoco'],
    ]);
  });
});

describe("the record's notes on a disputed day", () => {
  const day = (over: Partial<MonthlyRecordDay>): MonthlyRecordDay => ({
    date: '2026-03-02',
    weekday: 'Monday',
    kind: 'worked',
    timeIn: revisions[2]!.timeIn,
    timeOut: revisions[2]!.timeOut,
    timezone: 'Europe/Madrid',
    breaks: [],
    breakSeconds: 0,
    workedSeconds: 28200,
    countedSeconds: 28200,
    deductedSeconds: 0,
    expectedSeconds: 28800,
    ordinarySeconds: 28200,
    overtimeSeconds: 0,
    complementarySeconds: 0,
    leaveDay: false,
    nightWorker: false,
    workFlag: null,
    voided: [],
    workMode: 'on-site',
    overtimeCompensation: null,
    terminals: [],
    lateSeconds: 0,
    earlyDepartureSeconds: 0,
    leaveType: null,
    holiday: null,
    corrected: true,
    source: 'clock',
    reason: 'Checked the door log',
    workerAcceptance: null,
    ...over,
  });
  const accepted: AcceptanceFacts = { revision: 3, status: 'accepted', comment: null, answeredAt: '2026-03-06T08:00:00.000Z' };

  it('shows the change and the objection, in es and en, with the comment as the worker wrote it', () => {
    const d = day({ workerAcceptance: { state: 'rejected', comment: COMMENT }, disputes: disputesOf([rejected], revisions) });
    const en = recordNoteText(d, NOW, translator('en'));
    expect(en).toContain("Company's change (revision 2 by Marta Gil, 2026-03-03 10:15; reason: Camera shows a late arrival)");
    expect(en).toContain('before: 09:00–17:00');
    expect(en).toContain('after: 09:30–17:00, breaks 13:00–13:30');
    expect(en).toContain(`Worker's objection (2026-03-04 08:45), in their own words: “${COMMENT}”`);
    const es = recordNoteText(d, NOW, translator('es'));
    expect(es).toContain('Cambio de la empresa (revisión 2 de Marta Gil, 2026-03-03 10:15; motivo: Camera shows a late arrival)');
    expect(es).toContain('antes: 09:00–17:00');
    expect(es).toContain('después: 09:30–17:00, pausas 13:00–13:30');
    expect(es).toContain(`Objeción del trabajador (2026-03-04 08:45), con sus palabras: «${COMMENT}»`);
    // The short "rejected: <comment>" of decision 034 gives way to the two sides, never twice.
    expect(recordNotes(d, NOW).map((n) => n.key)).not.toContain('reports.record.correctionRejected');
  });

  it('a later correction the worker accepted does not hide the earlier dispute: both show, the dispute as resolved', () => {
    const d = day({ workerAcceptance: { state: 'accepted', comment: null }, disputes: disputesOf([rejected, accepted], revisions) });
    const keys = recordNotes(d, NOW).map((n) => n.key);
    expect(keys).toContain('reports.record.correctionAccepted');
    expect(keys).toContain('reports.record.dispute.change');
    expect(keys).toContain('reports.record.dispute.objection');
    expect(recordNoteText(d, NOW, translator('en'))).toContain('dispute resolved: the worker accepted a later correction (2026-03-06 09:00)');
  });

  it('a later correction still pending shows beside the open dispute', () => {
    const pending: AcceptanceFacts = { revision: 3, status: 'pending', comment: null, answeredAt: null };
    const keys = recordNotes(day({ workerAcceptance: { state: 'pending', comment: null }, disputes: disputesOf([rejected, pending], revisions) }), NOW).map((n) => n.key);
    expect(keys).toEqual(expect.arrayContaining(['reports.record.correctionPending', 'reports.record.dispute.change', 'reports.record.dispute.objection']));
    expect(keys).not.toContain('reports.record.dispute.resolved');
  });

  it('a day without a dispute has no dispute note', () => {
    expect(recordNotes(day({}), NOW).filter((n) => n.key.startsWith('reports.record.dispute'))).toEqual([]);
  });
});

describe("the representatives' email", () => {
  it('names the worker and the day only, in the reader’s language', () => {
    const en = correctionDisputedEmail('en', translator('en'), { employeeName: 'Ana Ruiz', date: '2027-03-02', link: 'https://j.example/representatives/disputes' });
    expect(en.subject).toBe('Ana Ruiz rejected a correction of Tuesday, 2 March 2027');
    const es = correctionDisputedEmail('es', translator('es'), { employeeName: 'Ana Ruiz', date: '2027-03-02', link: 'https://j.example/representatives/disputes' });
    expect(es.subject).toBe('Ana Ruiz ha rechazado una corrección del martes, 2 de marzo de 2027');
    expect(es.text).toContain('https://j.example/representatives/disputes');
  });
});
