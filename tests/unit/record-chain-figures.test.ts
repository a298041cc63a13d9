import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DELETED, describeBroken, FIGURE_COLUMNS, figurePayload, nextEntries, verifyChain, type ChainEntry, type ChainKind, type CurrentRecord } from '../../src/domain/record-chain/record-chain.ts';

/**
 * Issue 33, point 2: the chain covers the rows a month's figures are read from. A figure row may
 * be written many times; its LATEST entry must say what the row says now (decision 033, update).
 */
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const attendance = {
  id: 5,
  employeeId: 7,
  date: '2026-03-02',
  timezone: 'Europe/Madrid',
  timeIn: '2026-03-02T08:00:00.000Z',
  timeOut: '2026-03-02T16:00:00.000Z',
  workedSeconds: 28800,
  breakSeconds: 0,
  statusIn: 'on_time',
  lateSeconds: 0,
  earlyDepartureSeconds: 0,
  source: 'clock',
  workFlag: null,
  workMode: 'on-site',
  overtimeCompensation: null,
  revision: 1,
  voidedAt: null,
  closedAutomatically: 0,
};
const holiday = { id: 2, companyId: 1, date: '2026-03-19', name: 'San José' };

type Write = { kind: ChainKind; refId: number; payload: string };
const chain = (writes: Write[]): ChainEntry[] => nextEntries(sha256, 1, null, writes, '2026-03-02T16:00:00.000Z');
const row = (kind: ChainKind, refId: number, payload: string): CurrentRecord => ({ kind, refId, companyId: 1, payload });

describe('figure payloads', () => {
  it('record exactly the figure columns, keys sorted, whatever else the row carries', () => {
    const payload = figurePayload('attendance', { ...attendance, reason: 'not a figure', updatedAt: 'x' } as typeof attendance);
    // A force majeure reason (decision 081) is a later column: left out while null, so older entries still verify.
    expect(Object.keys(JSON.parse(payload))).toEqual([...FIGURE_COLUMNS.attendance].filter((c) => c !== 'overtimeForceMajeure').sort());
    expect(payload).toContain('"overtimeCompensation":null');
    expect(JSON.parse(figurePayload('attendance', { ...attendance, overtimeForceMajeure: 'Flood' }))).toMatchObject({ overtimeForceMajeure: 'Flood' });
    expect(figurePayload('holiday', holiday)).toBe('{"companyId":1,"date":"2026-03-19","id":2,"name":"San José"}');
  });

  it('an overtime mark, a later check-out, a leave decision change the payload', () => {
    const base = figurePayload('attendance', attendance);
    expect(figurePayload('attendance', { ...attendance, overtimeCompensation: 'paid' })).not.toBe(base);
    expect(figurePayload('attendance', { ...attendance, timeOut: '2026-03-02T17:00:00.000Z' })).not.toBe(base);
    const leave = { id: 1, employeeId: 7, leaveTypeId: 3, fromDate: '2026-03-09', toDate: '2026-03-13', returnDate: null, status: 'pending', decidedBy: null, decidedAt: null };
    expect(figurePayload('leave', { ...leave, status: 'approved' })).not.toBe(figurePayload('leave', leave));
  });
});

describe('verify compares each figure row with its latest entry', () => {
  const first = figurePayload('attendance', attendance);
  const marked = figurePayload('attendance', { ...attendance, overtimeCompensation: 'rest' });

  it('a row written twice verifies against the second entry, not the first', () => {
    const entries = chain([
      { kind: 'attendance', refId: 5, payload: first },
      { kind: 'attendance', refId: 5, payload: marked },
    ]);
    expect(verifyChain(entries, [row('attendance', 5, marked)], sha256)).toMatchObject({ ok: true, brokenCount: 0 });
  });

  it('a row edited behind the app is named at its latest entry, with the fields', () => {
    const entries = chain([
      { kind: 'attendance', refId: 5, payload: first },
      { kind: 'attendance', refId: 5, payload: marked },
    ]);
    const edited = figurePayload('attendance', { ...attendance, overtimeCompensation: 'rest', timeOut: '2026-03-02T17:00:00.000Z' });
    const verdict = verifyChain(entries, [row('attendance', 5, edited)], sha256);
    expect(verdict.broken).toEqual([{ companyId: 1, seq: 2, kind: 'attendance', refId: 5, problem: 'rowChanged', fields: ['timeOut'] }]);
    expect(describeBroken(verdict.broken[0]!)).toBe('company 1, entry #2 (attendance 5): the attendance it records was changed (timeOut).');
  });

  it('going back to an earlier content is still a change (only the latest entry counts)', () => {
    const entries = chain([
      { kind: 'attendance', refId: 5, payload: first },
      { kind: 'attendance', refId: 5, payload: marked },
    ]);
    expect(verifyChain(entries, [row('attendance', 5, first)], sha256).broken).toMatchObject([{ seq: 2, problem: 'rowChanged', fields: ['overtimeCompensation'] }]);
  });

  it('a deletion entry: the row gone verifies; the row put back is named', () => {
    const entries = chain([
      { kind: 'holiday', refId: 2, payload: figurePayload('holiday', holiday) },
      { kind: 'holiday', refId: 2, payload: DELETED },
    ]);
    expect(verifyChain(entries, [], sha256).ok).toBe(true);
    const back = verifyChain(entries, [row('holiday', 2, figurePayload('holiday', holiday))], sha256);
    expect(back.broken).toEqual([{ companyId: 1, seq: 2, kind: 'holiday', refId: 2, problem: 'rowNotDeleted' }]);
  });

  it('a row deleted behind the app, and a row added behind it, are named', () => {
    const schedule = { id: 4, employeeId: 7, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: '["Saturday","Sunday"]', fromDate: '2026-01-01', toDate: null, status: 'current' };
    const entries = chain([{ kind: 'schedule', refId: 4, payload: figurePayload('schedule', schedule) }]);
    expect(verifyChain(entries, [], sha256).broken).toEqual([{ companyId: 1, seq: 1, kind: 'schedule', refId: 4, problem: 'rowMissing' }]);
    const approval = { id: 1, employeeId: 7, dateFrom: '2026-03-01', dateTo: '2026-03-31', status: 'approved', approvedBy: 1, approvedAt: 'x', reopenedBy: null, reopenedAt: null, reopenReason: null };
    const rows = [row('schedule', 4, figurePayload('schedule', schedule)), row('approval', 1, figurePayload('approval', approval))];
    expect(verifyChain(entries, rows, sha256).broken).toEqual([{ companyId: 1, seq: null, kind: 'approval', refId: 1, problem: 'entryMissing' }]);
  });

  it('an edited entry of a figure row is a hash break, and append-only kinds still refuse a second entry', () => {
    const entries = chain([
      { kind: 'attendance', refId: 5, payload: first },
      { kind: 'punch', refId: 1, payload: '{"id":1}' },
      { kind: 'punch', refId: 1, payload: '{"id":1}' },
    ]);
    entries[0] = { ...entries[0]!, payload: marked };
    const verdict = verifyChain(entries, [row('attendance', 5, marked), row('punch', 1, '{"id":1}')], sha256);
    expect(verdict.broken.map((b) => [b.seq, b.problem])).toEqual([
      [1, 'hash'],
      [3, 'duplicate'],
    ]);
  });

  it('a row whose employee moved company is judged by its latest entry in time', () => {
    const a = nextEntries(sha256, 2, null, [{ kind: 'leave', refId: 1, payload: '{"v":1}' }], '2026-03-01T00:00:00.000Z');
    const b = nextEntries(sha256, 1, null, [{ kind: 'leave', refId: 1, payload: '{"v":2}' }], '2026-03-05T00:00:00.000Z');
    expect(verifyChain([...a, ...b], [{ kind: 'leave', refId: 1, companyId: 1, payload: '{"v":2}' }], sha256).ok).toBe(true);
  });
});
