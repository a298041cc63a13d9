import { describe, expect, it } from 'vitest';
import { CHALLENGE_TTL_MS, challengesToDrop, judgeChallenge, MAX_OPEN_CHALLENGES } from '../../src/domain/clock/challenge.ts';
import { IDENTICAL_FRAME_DISTANCE, judgeFrames } from '../../src/domain/clock/challenge-frames.ts';
import { FACE_SCORE, judgeSnapshotFaces } from '../../src/domain/clock/snapshot-faces.ts';

const T0 = 1_800_000_000_000;
const frame = (seed: number) => Array.from({ length: 128 }, (_, i) => Math.sin(seed * 1000 + i) * 0.1);

describe('judgeChallenge', () => {
  const issued = { terminalId: 7, expiresAt: T0 + CHALLENGE_TTL_MS };
  it('accepts the nonce issued to this terminal until it expires (inclusive)', () => {
    expect(judgeChallenge('n', issued, 7, T0)).toEqual({ ok: true });
    expect(judgeChallenge('n', issued, 7, T0 + CHALLENGE_TTL_MS)).toEqual({ ok: true });
  });
  it('refuses a missing, unknown, expired or foreign nonce', () => {
    expect(judgeChallenge(undefined, issued, 7, T0)).toEqual({ ok: false, reason: 'missing' });
    expect(judgeChallenge('', issued, 7, T0)).toEqual({ ok: false, reason: 'missing' });
    expect(judgeChallenge('n', undefined, 7, T0)).toEqual({ ok: false, reason: 'unknown' });
    expect(judgeChallenge('n', issued, 7, T0 + CHALLENGE_TTL_MS + 1)).toEqual({ ok: false, reason: 'expired' });
    expect(judgeChallenge('n', issued, 8, T0)).toEqual({ ok: false, reason: 'otherTerminal' });
  });
});

describe('challengesToDrop', () => {
  const open = (n: number, expiresAt = T0 + 1000) => Array.from({ length: n }, (_, i) => ({ nonce: `n${i}`, expiresAt }));
  it('keeps at most MAX_OPEN_CHALLENGES with the new one, dropping the oldest', () => {
    expect(challengesToDrop(open(MAX_OPEN_CHALLENGES - 1), T0)).toEqual([]);
    expect(challengesToDrop(open(MAX_OPEN_CHALLENGES), T0)).toEqual(['n0']);
    expect(challengesToDrop(open(MAX_OPEN_CHALLENGES + 2), T0)).toEqual(['n0', 'n1', 'n2']);
  });
  it('drops every expired nonce first', () => {
    expect(
      challengesToDrop(
        [
          { nonce: 'old', expiresAt: T0 - 1 },
          { nonce: 'new', expiresAt: T0 + 1 },
        ],
        T0,
      ),
    ).toEqual(['old']);
  });
});

describe('judgeFrames', () => {
  it('accepts frames that differ from each other and from the recent punches', () => {
    expect(judgeFrames([frame(1), frame(2)], [frame(3), frame(4)])).toEqual({ ok: true });
    expect(judgeFrames([frame(1)], [])).toEqual({ ok: true });
  });
  it('refuses two identical frames, also after float32 rounding', () => {
    expect(judgeFrames([frame(1), frame(1)], [])).toEqual({ ok: false, reason: 'identicalFrames' });
    expect(judgeFrames([frame(1), Array.from(new Float32Array(frame(1)))], [])).toEqual({ ok: false, reason: 'identicalFrames' });
    expect(judgeFrames([frame(2), frame(1), frame(1)], [])).toEqual({ ok: false, reason: 'identicalFrames' });
  });
  it('refuses a frame seen in a recent punch of the terminal', () => {
    expect(judgeFrames([frame(1), frame(2)], [frame(9), frame(2)])).toEqual({ ok: false, reason: 'repeatsRecent' });
  });
  it('tells apart frames just beyond the identical distance', () => {
    const nudged = frame(1).map((x, i) => (i === 0 ? x + IDENTICAL_FRAME_DISTANCE * 2 : x));
    expect(judgeFrames([frame(1), nudged], [])).toEqual({ ok: true });
  });
});

describe('judgeSnapshotFaces', () => {
  it('one face: exactly one detection from FACE_SCORE, whatever weaker ones', () => {
    expect(judgeSnapshotFaces([0.9])).toBe('one');
    expect(judgeSnapshotFaces([FACE_SCORE])).toBe('one');
    expect(judgeSnapshotFaces([0.2, 0.9, FACE_SCORE - 0.01])).toBe('one');
  });
  it('none: no detection, or only weak ones', () => {
    expect(judgeSnapshotFaces([])).toBe('none');
    expect(judgeSnapshotFaces([FACE_SCORE - 0.01, 0.2])).toBe('none');
  });
  it('many: two detections from FACE_SCORE, in any order', () => {
    expect(judgeSnapshotFaces([0.7, 0.95])).toBe('many');
    expect(judgeSnapshotFaces([0.3, FACE_SCORE, 0.8, 0.5])).toBe('many');
  });
});
