import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { acceptanceDueAt, acceptanceState, answerRefusal, correctionKind, needsWorkerAcceptance, requestTransition } from '../../src/domain/attendance/correction-rules.ts';
import { CorrectionAnswerInput, CorrectionDecisionInput, CorrectionRequestInput } from '../../src/domain/attendance/correction-schema.ts';
import { recordNotes } from '../../src/domain/reports/record-notes.ts';
import type { MonthlyRecordDay } from '../../src/domain/reports/monthly-record.ts';

describe('correction request transitions (decision 034)', () => {
  it('moves a pending request to approved, declined or withdrawn', () => {
    expect(requestTransition('pending', 'approve')).toEqual({ status: 'approved' });
    expect(requestTransition('pending', 'decline')).toEqual({ status: 'declined' });
    expect(requestTransition('pending', 'withdraw')).toEqual({ status: 'withdrawn' });
  });

  it('refuses any action on a decided request', () => {
    for (const status of ['approved', 'declined', 'withdrawn'] as const) {
      for (const action of ['approve', 'decline', 'withdraw'] as const) {
        expect(requestTransition(status, action)).toEqual({ refused: 'corrections.alreadyDecided' });
      }
    }
  });

  it('names what a request corrects from the day as recorded', () => {
    expect(correctionKind(undefined)).toBe('missingDay');
    expect(correctionKind({ timeOut: null })).toBe('missingCheckOut');
    expect(correctionKind({ timeOut: '2026-03-02T17:00:00.000Z' })).toBe('wrongTime');
  });
});

describe("the worker's acceptance of an administrator's correction", () => {
  const madeAt = '2026-03-02T10:00:00.000Z';

  it('is due the set number of days after the correction', () => {
    expect(acceptanceDueAt(madeAt, 7)).toBe('2026-03-09T10:00:00.000Z');
    expect(acceptanceDueAt(madeAt, 1)).toBe('2026-03-03T10:00:00.000Z');
  });

  it('reads as not accepted (expired) once the due time passes without an answer', () => {
    const row = { status: 'pending' as const, dueAt: acceptanceDueAt(madeAt, 7) };
    expect(acceptanceState(row, '2026-03-09T09:59:59.000Z')).toBe('pending');
    expect(acceptanceState(row, '2026-03-09T10:00:00.000Z')).toBe('expired');
    expect(acceptanceState({ ...row, status: 'rejected' }, '2026-04-01T00:00:00.000Z')).toBe('rejected');
    expect(acceptanceState({ ...row, status: 'accepted' }, '2026-04-01T00:00:00.000Z')).toBe('accepted');
  });

  it('may be answered only while pending and before it is due', () => {
    const row = { status: 'pending' as const, dueAt: '2026-03-09T10:00:00.000Z' };
    expect(answerRefusal(row, '2026-03-05T00:00:00.000Z')).toBeUndefined();
    expect(answerRefusal(row, '2026-03-10T00:00:00.000Z')).toBe('corrections.answerExpired');
    expect(answerRefusal({ ...row, status: 'accepted' }, '2026-03-05T00:00:00.000Z')).toBe('corrections.alreadyAnswered');
    expect(answerRefusal({ ...row, status: 'superseded' }, '2026-03-05T00:00:00.000Z')).toBe('corrections.alreadyAnswered');
  });

  it('waits for the worker unless the worker asked for it or made it', () => {
    expect(needsWorkerAcceptance({ authorEmployeeId: null, employeeId: 4, fromRequest: false })).toBe(true);
    expect(needsWorkerAcceptance({ authorEmployeeId: 9, employeeId: 4, fromRequest: false })).toBe(true);
    expect(needsWorkerAcceptance({ authorEmployeeId: null, employeeId: 4, fromRequest: true })).toBe(false);
    expect(needsWorkerAcceptance({ authorEmployeeId: 4, employeeId: 4, fromRequest: false })).toBe(false);
  });
});

describe('correction inputs', () => {
  const ok = { date: '2026-03-02', timeIn: '08:00', timeOut: '17:00', breakIn: null, breakOut: null, reason: 'Forgot to check out' };

  it('takes the manual entry rules: a reason, a time in, times in order', () => {
    expect(v.safeParse(CorrectionRequestInput, ok).success).toBe(true);
    const noReason = v.safeParse(CorrectionRequestInput, { ...ok, reason: '  ' });
    expect(noReason.success).toBe(false);
    expect(noReason.issues?.[0]?.message).toBe('attendance.reasonRequired');
    expect(v.safeParse(CorrectionRequestInput, { ...ok, timeIn: '' }).issues?.[0]?.message).toBe('messages.mustEnterTime');
    expect(v.safeParse(CorrectionRequestInput, { ...ok, timeOut: '08:00' }).issues?.[0]?.message).toBe('attendance.timeOutSameAsIn');
    expect(v.safeParse(CorrectionRequestInput, { ...ok, date: '2026-02-30' }).issues?.[0]?.message).toBe('validation.invalidDate');
  });

  it('takes a decision as an object with an optional comment, never an array or a scalar', () => {
    expect(v.safeParse(CorrectionDecisionInput, {}).success).toBe(true);
    expect(v.safeParse(CorrectionDecisionInput, { comment: 'Visto' }).output).toEqual({ comment: 'Visto' });
    for (const bad of [[], null, 'x', 42, true, { comment: 12 }]) expect(v.safeParse(CorrectionDecisionInput, bad).success).toBe(false);
  });

  it('needs a comment to reject a correction, not to accept it', () => {
    expect(v.safeParse(CorrectionAnswerInput, { revision: 2, answer: 'accepted' }).success).toBe(true);
    const bare = v.safeParse(CorrectionAnswerInput, { revision: 2, answer: 'rejected', comment: ' ' });
    expect(bare.success).toBe(false);
    expect(bare.issues?.[0]?.message).toBe('corrections.commentRequired');
    expect(v.safeParse(CorrectionAnswerInput, { revision: 2, answer: 'maybe' }).success).toBe(false);
  });
});

describe("the record's notes on a correction's acceptance", () => {
  const day = (workerAcceptance: MonthlyRecordDay['workerAcceptance']): MonthlyRecordDay => ({
    date: '2026-03-02',
    weekday: 'Monday',
    kind: 'worked',
    timeIn: '2026-03-02T08:00:00.000Z',
    timeOut: '2026-03-02T17:00:00.000Z',
    timezone: 'Europe/Madrid',
    breaks: [],
    breakSeconds: 0,
    workedSeconds: 32400,
    countedSeconds: 32400,
    deductedSeconds: 0,
    expectedSeconds: 28800,
    ordinarySeconds: 28800,
    overtimeSeconds: 3600,
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
    reason: 'Fixed',
    workerAcceptance,
  });
  const keys = (d: MonthlyRecordDay) => recordNotes(d, '2026-03-20T00:00:00.000Z').map((n) => n.key);

  it('says pending, not accepted, rejected with the comment, or accepted', () => {
    expect(keys(day({ state: 'pending', comment: null }))).toContain('reports.record.correctionPending');
    expect(keys(day({ state: 'expired', comment: null }))).toContain('reports.record.correctionNotAccepted');
    const rejected = recordNotes(day({ state: 'rejected', comment: 'I left at 16:00' }), '2026-03-20T00:00:00.000Z');
    expect(rejected).toContainEqual({ key: 'reports.record.correctionRejected', params: { comment: 'I left at 16:00' } });
    expect(keys(day({ state: 'accepted', comment: null }))).toContain('reports.record.correctionAccepted');
    expect(keys(day(null)).filter((k) => k.startsWith('reports.record.correction'))).toEqual([]);
  });
});
