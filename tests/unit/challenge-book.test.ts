import { afterEach, describe, expect, it } from 'vitest';
import { CHALLENGE_TTL_MS, MAX_OPEN_CHALLENGES } from '../../src/domain/clock/challenge.ts';
import { RECENT_FACE_PUNCHES } from '../../src/domain/clock/challenge-frames.ts';
import { allRecentFaceFrames, forgetChallenges, issueChallenge, openChallengeCount, recentFaceFrames, redeemChallenge, rememberFaceFrames } from '../../src/server/clock/challenge-book.ts';

const T0 = 1_800_000_000_000;

afterEach(() => forgetChallenges());
// The book's calls are atomic units of the shared state (decision 060): awaited one by one.

describe('the challenge book', async () => {
  it('issues 43-character base64url nonces that redeem once, for their terminal only', async () => {
    const a = await issueChallenge(1, T0);
    expect(a.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.expiresAt).toBe(T0 + CHALLENGE_TTL_MS);
    expect(await redeemChallenge(a.nonce, 1, T0 + 1000)).toEqual({ ok: true });
    expect(await redeemChallenge(a.nonce, 1, T0 + 1000)).toEqual({ ok: false, reason: 'unknown' });
    const b = await issueChallenge(1, T0);
    expect(await redeemChallenge(b.nonce, 2, T0)).toEqual({ ok: false, reason: 'otherTerminal' });
    // Shown to another terminal, it is spent: its own terminal cannot use it either.
    expect(await redeemChallenge(b.nonce, 1, T0)).toEqual({ ok: false, reason: 'unknown' });
  });

  it('refuses an expired nonce and forgets it', async () => {
    const a = await issueChallenge(1, T0);
    expect(await redeemChallenge(a.nonce, 1, T0 + CHALLENGE_TTL_MS + 1)).toEqual({ ok: false, reason: 'expired' });
    expect(await openChallengeCount()).toBe(0);
  });

  it('keeps at most MAX_OPEN_CHALLENGES per terminal, dropping the oldest', async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 50; i++) nonces.push((await issueChallenge(1, T0 + i)).nonce);
    expect(await openChallengeCount()).toBe(MAX_OPEN_CHALLENGES);
    expect(await redeemChallenge(nonces[0], 1, T0 + 60)).toEqual({ ok: false, reason: 'unknown' });
    expect(await redeemChallenge(nonces.at(-1), 1, T0 + 60)).toEqual({ ok: true });
    await issueChallenge(2, T0);
    expect(await openChallengeCount()).toBe(MAX_OPEN_CHALLENGES);
    await forgetChallenges(1);
    expect(await openChallengeCount()).toBe(1);
  });

  it('remembers the frames of the last RECENT_FACE_PUNCHES punches per terminal', async () => {
    for (let i = 0; i < RECENT_FACE_PUNCHES + 5; i++) await rememberFaceFrames(1, [[i], [i + 0.5]], T0);
    const frames = await recentFaceFrames(1);
    expect(frames).toHaveLength(RECENT_FACE_PUNCHES * 2);
    expect(frames[0]).toEqual([5]);
    expect(await recentFaceFrames(2)).toEqual([]);
    await rememberFaceFrames(2, [[99]], T0);
    expect(await allRecentFaceFrames()).toHaveLength(RECENT_FACE_PUNCHES * 2 + 1);
  });
});
