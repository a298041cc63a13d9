import { afterEach, describe, expect, it } from 'vitest';
import { CHALLENGE_TTL_MS, MAX_OPEN_CHALLENGES } from '../../src/domain/clock/challenge.ts';
import { RECENT_FACE_PUNCHES } from '../../src/domain/clock/challenge-frames.ts';
import { allRecentFaceFrames, forgetChallenges, issueChallenge, openChallengeCount, recentFaceFrames, redeemChallenge, rememberFaceFrames } from '../../src/server/clock/challenge-book.ts';

const T0 = 1_800_000_000_000;

afterEach(() => forgetChallenges());

describe('the challenge book', () => {
  it('issues 43-character base64url nonces that redeem once, for their terminal only', () => {
    const a = issueChallenge(1, T0);
    expect(a.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.expiresAt).toBe(T0 + CHALLENGE_TTL_MS);
    expect(redeemChallenge(a.nonce, 1, T0 + 1000)).toEqual({ ok: true });
    expect(redeemChallenge(a.nonce, 1, T0 + 1000)).toEqual({ ok: false, reason: 'unknown' });
    const b = issueChallenge(1, T0);
    expect(redeemChallenge(b.nonce, 2, T0)).toEqual({ ok: false, reason: 'otherTerminal' });
    // Shown to another terminal, it is spent: its own terminal cannot use it either.
    expect(redeemChallenge(b.nonce, 1, T0)).toEqual({ ok: false, reason: 'unknown' });
  });

  it('refuses an expired nonce and forgets it', () => {
    const a = issueChallenge(1, T0);
    expect(redeemChallenge(a.nonce, 1, T0 + CHALLENGE_TTL_MS + 1)).toEqual({ ok: false, reason: 'expired' });
    expect(openChallengeCount()).toBe(0);
  });

  it('keeps at most MAX_OPEN_CHALLENGES per terminal, dropping the oldest', () => {
    const nonces = Array.from({ length: 50 }, (_, i) => issueChallenge(1, T0 + i).nonce);
    expect(openChallengeCount()).toBe(MAX_OPEN_CHALLENGES);
    expect(redeemChallenge(nonces[0], 1, T0 + 60)).toEqual({ ok: false, reason: 'unknown' });
    expect(redeemChallenge(nonces.at(-1), 1, T0 + 60)).toEqual({ ok: true });
    issueChallenge(2, T0);
    expect(openChallengeCount()).toBe(MAX_OPEN_CHALLENGES);
    forgetChallenges(1);
    expect(openChallengeCount()).toBe(1);
  });

  it('remembers the frames of the last RECENT_FACE_PUNCHES punches per terminal', () => {
    for (let i = 0; i < RECENT_FACE_PUNCHES + 5; i++) rememberFaceFrames(1, [[i], [i + 0.5]]);
    const frames = recentFaceFrames(1);
    expect(frames).toHaveLength(RECENT_FACE_PUNCHES * 2);
    expect(frames[0]).toEqual([5]);
    expect(recentFaceFrames(2)).toEqual([]);
    rememberFaceFrames(2, [[99]]);
    expect(allRecentFaceFrames()).toHaveLength(RECENT_FACE_PUNCHES * 2 + 1);
  });
});
