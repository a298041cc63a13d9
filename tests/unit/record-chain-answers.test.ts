import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { committedCommentDigest, textDigest, TEXT_REMOVED, TEXT_WITHOUT_DIGEST } from '../../src/domain/record-chain/chained-text.ts';
import { describeBroken, figurePayload, nextEntries, verifyChain, type AnswerFacts, type ChainKind, type CurrentRecord } from '../../src/domain/record-chain/record-chain.ts';

/**
 * Issue 38 point 4 follow-up (migration 0051): the worker's answer to a company's correction is a
 * chained kind `answer`; its comment is committed by salted digest, never as text, and verify names
 * a changed status, a changed comment and a deleted row, while a purged person's emptied comment
 * still verifies.
 */
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const SALT = '00112233445566778899aabbccddeeff';
const COMMENT = 'Entré a las 9:00; el lector falló';

const pending: AnswerFacts = { id: 4, attendanceId: 9, revision: 2, employeeId: 7, status: 'pending', dueAt: '2026-03-27T10:00:00.000Z', answeredBy: null, answeredAt: null, createdAt: '2026-03-20T10:00:00.000Z' };
const rejected: AnswerFacts = { ...pending, status: 'rejected', answeredBy: 3, answeredAt: '2026-03-21T08:00:00.000Z', commentDigest: textDigest(sha256, SALT, COMMENT) };

const chainOf = (writes: { kind: ChainKind; refId: number; payload: string }[]) => nextEntries(sha256, 1, null, writes, '2026-03-21T08:00:00.000Z');
const now = (payload: string): CurrentRecord[] => [{ kind: 'answer', refId: 4, companyId: 1, payload }];
/** The row as pending, then as rejected: two entries, the latest stands for the row. */
const entries = chainOf([
  { kind: 'answer', refId: 4, payload: figurePayload('answer', pending) },
  { kind: 'answer', refId: 4, payload: figurePayload('answer', rejected) },
]);

describe('the answer payload', () => {
  it("holds the row's lawful content and the comment's digest, never the comment", () => {
    const payload = JSON.parse(figurePayload('answer', { ...rejected, comment: COMMENT, commentSalt: SALT } as AnswerFacts));
    expect(Object.keys(payload)).toEqual(['answeredAt', 'answeredBy', 'attendanceId', 'commentDigest', 'createdAt', 'dueAt', 'employeeId', 'id', 'revision', 'status']);
    expect(payload.commentDigest).toBe(sha256(SALT + COMMENT));
    expect(JSON.stringify(payload)).not.toContain('lector');
  });

  it('a row without a comment has no digest in it', () => {
    expect(JSON.parse(figurePayload('answer', pending))).not.toHaveProperty('commentDigest');
    expect(figurePayload('answer', { ...pending, commentDigest: null })).toBe(figurePayload('answer', pending));
  });
});

describe("the comment's committed digest", () => {
  const stored = { text: COMMENT, salt: SALT, digest: textDigest(sha256, SALT, COMMENT) };
  it('is recomputed from comment and salt, so a changed comment no longer matches', () => {
    expect(committedCommentDigest(sha256, stored, false)).toBe(stored.digest);
    expect(committedCommentDigest(sha256, { ...stored, text: 'Entré a las 9:30' }, false)).not.toBe(stored.digest);
  });
  it("is the stored digest once a purged person's comment and salt are gone; emptied without a purge it never matches", () => {
    expect(committedCommentDigest(sha256, { ...stored, text: null, salt: null }, true)).toBe(stored.digest);
    expect(committedCommentDigest(sha256, { ...stored, text: null, salt: null }, false)).toBe(TEXT_REMOVED);
  });
  it('is null without a comment, and never a digest for a comment written where none was given', () => {
    expect(committedCommentDigest(sha256, { text: null, salt: null, digest: null }, false)).toBeNull();
    expect(committedCommentDigest(sha256, { text: 'Added later', salt: null, digest: null }, false)).toBe(TEXT_WITHOUT_DIGEST);
  });
});

describe('verify on kind answer', () => {
  it('the row as its latest entry says verifies', () => {
    expect(verifyChain(entries, now(figurePayload('answer', rejected)), sha256)).toMatchObject({ ok: true, entries: 2 });
  });

  it('names a changed status', () => {
    const check = verifyChain(entries, now(figurePayload('answer', { ...rejected, status: 'accepted' })), sha256);
    expect(check.broken).toEqual([{ companyId: 1, seq: 2, kind: 'answer', refId: 4, problem: 'rowChanged', fields: ['status'] }]);
    expect(describeBroken(check.broken[0]!)).toBe('company 1, entry #2 (answer 4): the answer it records was changed (status).');
  });

  it('names a changed comment (its digest no longer matches)', () => {
    const digest = committedCommentDigest(sha256, { text: 'Estoy de acuerdo', salt: SALT, digest: rejected.commentDigest! }, false);
    const check = verifyChain(entries, now(figurePayload('answer', { ...rejected, commentDigest: digest })), sha256);
    expect(check.broken).toEqual([{ companyId: 1, seq: 2, kind: 'answer', refId: 4, problem: 'rowChanged', fields: ['commentDigest'] }]);
  });

  it('names a deleted row, and a row no entry stands for', () => {
    expect(verifyChain(entries, [], sha256).broken).toEqual([{ companyId: 1, seq: 2, kind: 'answer', refId: 4, problem: 'rowMissing' }]);
    const extra: CurrentRecord = { kind: 'answer', refId: 5, companyId: 1, payload: figurePayload('answer', { ...pending, id: 5 }) };
    expect(verifyChain(entries, [...now(figurePayload('answer', rejected)), extra], sha256).broken).toEqual([{ companyId: 1, seq: null, kind: 'answer', refId: 5, problem: 'entryMissing' }]);
  });

  it("a purged person's emptied comment still verifies", () => {
    const digest = committedCommentDigest(sha256, { text: null, salt: null, digest: rejected.commentDigest! }, true);
    expect(verifyChain(entries, now(figurePayload('answer', { ...rejected, commentDigest: digest })), sha256).ok).toBe(true);
  });
});
