import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AttendanceVoidInput } from '../../src/domain/attendance/attendance-schema.ts';
import { createDayCalendar } from '../../src/domain/reports/day-calendar.ts';
import { buildMonthlyRecord } from '../../src/domain/reports/monthly-record.ts';
import { recordNotes } from '../../src/domain/reports/record-notes.ts';
import {
  canonicalJson,
  describeBroken,
  describeBrokenChain,
  GENESIS,
  MAX_LISTED_BREAKS,
  nextEntries,
  punchPayload,
  revisionPayload,
  shortHead,
  verifyChain,
  voidPayload,
  type ChainEntry,
  type CurrentRecord,
  type PunchFacts,
} from '../../src/domain/record-chain/record-chain.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const punch = (id: number, at: string, action = 'check-in'): PunchFacts => ({ id, employeeId: 7, attendanceId: 3, action, at, method: 'pin', terminal: null, createdAt: at });
const revision = revisionPayload({
  id: 1,
  attendanceId: 3,
  employeeId: 7,
  revision: 2,
  timeIn: '2026-11-02T08:00:00.000Z',
  timeOut: '2026-11-02T16:00:00.000Z',
  breaks: [{ startAt: '2026-11-02T12:00:00.000Z', endAt: '2026-11-02T12:30:00.000Z' }],
  workedSeconds: 27000,
  reason: 'forgot',
  authorId: 1,
  createdAt: '2026-11-03T09:00:00.000Z',
});
const voiding = voidPayload({ attendanceId: 4, employeeId: 7, date: '2026-11-04', voidedAt: '2026-11-05T10:00:00.000Z', voidedBy: 1, voidReason: 'wrong day' });

/** Company 1: two punches, a revision and a voiding; company 2: one punch. */
function build(): { entries: ChainEntry[]; records: CurrentRecord[] } {
  const p1 = punchPayload(punch(1, '2026-11-02T08:00:00.000Z'));
  const p2 = punchPayload(punch(2, '2026-11-02T16:00:00.000Z', 'check-out'));
  const p3 = punchPayload({ ...punch(3, '2026-11-02T09:00:00.000Z'), employeeId: 9 });
  const one = nextEntries(
    sha256,
    1,
    null,
    [
      { kind: 'punch', refId: 1, payload: p1 },
      { kind: 'punch', refId: 2, payload: p2 },
    ],
    '2026-11-02T16:00:00.000Z',
  );
  const more = nextEntries(
    sha256,
    1,
    one[1]!,
    [
      { kind: 'revision', refId: 1, payload: revision },
      { kind: 'void', refId: 4, payload: voiding },
    ],
    '2026-11-05T10:00:00.000Z',
  );
  const two = nextEntries(sha256, 2, null, [{ kind: 'punch', refId: 3, payload: p3 }], '2026-11-02T09:00:00.000Z');
  return {
    entries: [...one, ...more, ...two],
    records: [
      { kind: 'punch', refId: 1, companyId: 1, payload: p1 },
      { kind: 'punch', refId: 2, companyId: 1, payload: p2 },
      { kind: 'revision', refId: 1, companyId: 1, payload: revision },
      { kind: 'void', refId: 4, companyId: 1, payload: voiding },
      { kind: 'punch', refId: 3, companyId: 2, payload: p3 },
    ],
  };
}

describe('record chain', () => {
  it('links each entry to the one before: seq 1, 2, 3… per company, the first after GENESIS', () => {
    const { entries } = build();
    expect(entries.map((e) => [e.companyId, e.seq])).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
      [1, 4],
      [2, 1],
    ]);
    expect(entries[0]!.prevHash).toBe(GENESIS);
    expect(entries[1]!.prevHash).toBe(entries[0]!.hash);
    expect(entries[2]!.prevHash).toBe(entries[1]!.hash);
    expect(entries[0]!.hash).toBe(sha256(GENESIS + entries[0]!.payload));
    expect(entries[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('canonical JSON does not depend on key order', () => {
    expect(canonicalJson({ b: 1, a: [{ y: null, x: 'z' }] })).toBe('{"a":[{"x":"z","y":null}],"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it('an intact chain verifies, with each company head', () => {
    const { entries, records } = build();
    const verdict = verifyChain(entries, records, sha256);
    expect(verdict.ok).toBe(true);
    expect(verdict.entries).toBe(5);
    expect(verdict.heads.map((h) => [h.companyId, h.seq, h.hash])).toEqual([
      [1, 4, entries[3]!.hash],
      [2, 1, entries[4]!.hash],
    ]);
    expect(shortHead(verdict.heads[0]!)).toBe(`#4 · ${entries[3]!.hash.slice(0, 16)}`);
    // The input order of the entries does not matter (read in any order, checked by company and seq).
    expect(verifyChain([...entries].reverse(), records, sha256).ok).toBe(true);
  });

  it('a changed record (the punch time edited in the file) names its entry and the field', () => {
    const { entries, records } = build();
    const edited = records.map((r) => (r.kind === 'punch' && r.refId === 2 ? { ...r, payload: punchPayload(punch(2, '2026-11-02T18:00:00.000Z', 'check-out')) } : r));
    const verdict = verifyChain(entries, edited, sha256);
    expect(verdict.ok).toBe(false);
    expect(verdict.broken).toEqual([{ companyId: 1, seq: 2, kind: 'punch', refId: 2, problem: 'rowChanged', fields: ['at', 'createdAt'] }]);
    expect(describeBroken(verdict.broken[0]!)).toBe('company 1, entry #2 (punch 2): the punch it records was changed (at, createdAt).');
  });

  it('an edited payload in the chain (with the record edited to match) breaks its hash', () => {
    const { entries, records } = build();
    const forged = punchPayload(punch(2, '2026-11-02T18:00:00.000Z', 'check-out'));
    const tampered = entries.map((e) => (e.companyId === 1 && e.seq === 2 ? { ...e, payload: forged } : e));
    const matching = records.map((r) => (r.kind === 'punch' && r.refId === 2 ? { ...r, payload: forged } : r));
    const verdict = verifyChain(tampered, matching, sha256);
    expect(verdict.broken).toMatchObject([{ companyId: 1, seq: 2, problem: 'hash' }]);
  });

  it('an edited hash breaks the link of the next entry; editing the last one breaks its own hash', () => {
    const { entries, records } = build();
    const edited = entries.map((e) => (e.companyId === 1 && e.seq === 2 ? { ...e, hash: 'f'.repeat(64) } : e));
    const verdict = verifyChain(edited, records, sha256);
    expect(verdict.broken).toMatchObject([
      { companyId: 1, seq: 2, problem: 'hash' },
      { companyId: 1, seq: 3, problem: 'link' },
    ]);
    // Rehashed consistently from there on, the forger still breaks the printed head: the next link is checked too.
    const recomputed = edited.map((e) => (e.companyId === 1 && e.seq === 2 ? { ...e, hash: sha256(e.prevHash + e.payload + ' ') } : e));
    expect(verifyChain(recomputed, records, sha256).ok).toBe(false);
  });

  it('a deleted record: its entry names the record missing', () => {
    const { entries, records } = build();
    const verdict = verifyChain(
      entries,
      records.filter((r) => !(r.kind === 'revision' && r.refId === 1)),
      sha256,
    );
    expect(verdict.broken).toEqual([{ companyId: 1, seq: 3, kind: 'revision', refId: 1, problem: 'rowMissing' }]);
  });

  it('a deleted entry leaves a gap in seq; a record without any entry is named after all entries', () => {
    const { entries, records } = build();
    const gap = verifyChain(
      entries.filter((e) => !(e.companyId === 1 && e.seq === 2)),
      records,
      sha256,
    );
    // The gap, and the record whose entry went with it.
    expect(gap.broken).toMatchObject([
      { companyId: 1, seq: 3, problem: 'sequence' },
      { companyId: 1, seq: null, kind: 'punch', refId: 2, problem: 'entryMissing' },
    ]);
    // The last entry removed with its record's entry only: the record is left without an entry.
    const last = verifyChain(
      entries.filter((e) => !(e.companyId === 2)),
      records,
      sha256,
    );
    expect(last.broken).toEqual([{ companyId: 2, seq: null, kind: 'punch', refId: 3, problem: 'entryMissing' }]);
    expect(describeBroken(last.broken[0]!)).toContain('company 2, punch 3');
  });

  it('reordered entries (seq swapped) break the link', () => {
    const { entries, records } = build();
    const swapped = entries.map((e) => (e.companyId !== 1 ? e : e.seq === 2 ? { ...e, seq: 3 } : e.seq === 3 ? { ...e, seq: 2 } : e));
    const verdict = verifyChain(swapped, records, sha256);
    expect(verdict.broken[0]).toMatchObject({ companyId: 1, seq: 2, kind: 'revision', problem: 'link' });
  });

  it('two entries for one record are refused', () => {
    const { entries, records } = build();
    const p1 = entries[0]!.payload;
    const extra = nextEntries(sha256, 2, entries[4]!, [{ kind: 'punch', refId: 3, payload: records[4]!.payload }], '2026-11-06T00:00:00.000Z');
    const verdict = verifyChain([...entries, ...extra], records, sha256);
    expect(p1).toBeTruthy();
    expect(verdict.broken).toMatchObject([{ companyId: 2, seq: 2, problem: 'duplicate' }]);
  });

  it('goes on past the first break: two punches edited far apart are both named (issue 33)', () => {
    const { entries, records } = build();
    const edited = records.map((r) =>
      r.kind === 'punch' && r.refId === 1
        ? { ...r, payload: punchPayload(punch(1, '2026-11-02T06:00:00.000Z')) }
        : r.kind === 'punch' && r.refId === 3
          ? { ...r, payload: punchPayload({ ...punch(3, '2026-11-02T07:00:00.000Z'), employeeId: 9 }) }
          : r,
    );
    const verdict = verifyChain(entries, edited, sha256);
    expect(verdict.ok).toBe(false);
    expect(verdict.brokenCount).toBe(2);
    expect(verdict.broken).toEqual([
      { companyId: 1, seq: 1, kind: 'punch', refId: 1, problem: 'rowChanged', fields: ['at', 'createdAt'] },
      { companyId: 2, seq: 1, kind: 'punch', refId: 3, problem: 'rowChanged', fields: ['at', 'createdAt'] },
    ]);
    // The heads are still every company's last entry.
    expect(verdict.heads.map((h) => [h.companyId, h.seq])).toEqual([
      [1, 4],
      [2, 1],
    ]);
    expect(describeBrokenChain(verdict)).toEqual([
      'Record chain broken: 2 entries do not verify.',
      '  company 1, entry #1 (punch 1): the punch it records was changed (at, createdAt).',
      '  company 2, entry #1 (punch 3): the punch it records was changed (at, createdAt).',
    ]);
  });

  it('every kind of break in one chain is listed, in chain order, then the records without an entry', () => {
    const { entries, records } = build();
    const tampered = entries.map((e) => (e.companyId === 1 && e.seq === 2 ? { ...e, hash: 'f'.repeat(64) } : e));
    const verdict = verifyChain(tampered, records.filter((r) => r.kind !== 'void').concat({ kind: 'punch', refId: 99, companyId: 1, payload: '{}' }), sha256);
    expect(verdict.broken.map((b) => [b.companyId, b.seq, b.problem])).toEqual([
      [1, 2, 'hash'],
      [1, 3, 'link'],
      [1, 4, 'rowMissing'],
      [1, null, 'entryMissing'],
    ]);
    expect(verdict.brokenCount).toBe(4);
  });

  it(`counts every broken entry but lists the first ${MAX_LISTED_BREAKS}`, () => {
    const payloads = Array.from({ length: 150 }, (_, i) => punchPayload(punch(i + 1, `2026-11-02T08:00:${String(i % 60).padStart(2, '0')}.000Z`)));
    const entries = nextEntries(
      sha256,
      1,
      null,
      payloads.map((payload, i) => ({ kind: 'punch' as const, refId: i + 1, payload })),
      '2026-11-02T09:00:00.000Z',
    );
    // Every record changed behind the app.
    const records = payloads.map((_, i): CurrentRecord => ({ kind: 'punch', refId: i + 1, companyId: 1, payload: punchPayload(punch(i + 1, '2026-11-03T08:00:00.000Z')) }));
    const verdict = verifyChain(entries, records, sha256);
    expect(verdict.brokenCount).toBe(150);
    expect(verdict.broken).toHaveLength(MAX_LISTED_BREAKS);
    expect(verdict.broken[0]).toMatchObject({ seq: 1, problem: 'rowChanged' });
    expect(verdict.broken.at(-1)).toMatchObject({ seq: 100 });
    const lines = describeBrokenChain(verdict);
    expect(lines[0]).toBe('Record chain broken: 150 entries do not verify.');
    expect(lines).toHaveLength(102);
    expect(lines.at(-1)).toBe('  … and 50 more (the first 100 are listed).');
  });

  it('a payload is built from text as the database stores it: a lone surrogate becomes U+FFFD (issue 33)', () => {
    const sent = voidPayload({ attendanceId: 4, employeeId: 7, date: '2026-11-04', voidedAt: '2026-11-05T10:00:00.000Z', voidedBy: 1, voidReason: 'a\ud800b' });
    const stored = voidPayload({ attendanceId: 4, employeeId: 7, date: '2026-11-04', voidedAt: '2026-11-05T10:00:00.000Z', voidedBy: 1, voidReason: 'a\ufffdb' });
    expect(sent).toBe(stored);
    expect(canonicalJson(['\udc00x', { k: '\ud83d' }])).toBe('["\ufffdx",{"k":"\ufffd"}]');
    // Well-formed text, emoji pairs included, is unchanged.
    expect(canonicalJson('👩‍🔧 Ñ')).toBe('"👩‍🔧 Ñ"');
  });

  it('an empty database verifies', () => {
    expect(verifyChain([], [], sha256)).toEqual({ ok: true, entries: 0, heads: [], brokenCount: 0, broken: [] });
  });
});

describe('a voided day on the monthly record (issue 18.4)', () => {
  it('is listed in the notes with its reason and counted nowhere', () => {
    const voided = { date: '2026-11-04', timeIn: '2026-11-04T09:00:00.000Z', timeOut: '2026-11-04T17:00:00.000Z', workedSeconds: 28800, voidedAt: '2026-11-05T10:00:00.000Z', voidReason: 'Wrong employee' };
    const record = buildMonthlyRecord({
      period: { from: '2026-11-01', to: '2026-11-30' },
      today: '2026-11-24',
      calendar: createDayCalendar('UTC'),
      schedules: [],
      leaveByDate: new Map(),
      attendances: [],
      voided: [voided],
    });
    const day = record.days.find((d) => d.date === '2026-11-04')!;
    expect(day.voided).toEqual([voided]);
    expect(day.workedSeconds).toBeNull();
    expect(record.totals).toMatchObject({ attendedDays: 0, workedSeconds: 0 });
    expect(recordNotes(day, '2026-11-24T00:00:00.000Z')).toContainEqual({ key: 'reports.record.voidedWithReason', params: { reason: 'Wrong employee' } });
    expect(record.days.filter((d) => d.voided.length > 0)).toHaveLength(1);
  });

  it('needs a written reason', () => {
    expect(v.safeParse(AttendanceVoidInput, { reason: '  ' }).success).toBe(false);
    expect(v.safeParse(AttendanceVoidInput, {}).success).toBe(false);
    expect(v.safeParse(AttendanceVoidInput, { reason: ' Wrong day ' }).output).toEqual({ reason: 'Wrong day' });
  });
});
