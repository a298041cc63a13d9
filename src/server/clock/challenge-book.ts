import { randomBytes } from 'node:crypto';
import { CHALLENGE_TTL_MS, challengesToDrop, judgeChallenge, type ChallengeVerdict, type IssuedChallenge } from '../../domain/clock/challenge.ts';
import { RECENT_FACE_PUNCHES } from '../../domain/clock/challenge-frames.ts';
import { sharedState, type StateUnit } from '../db/shared-state.ts';

/**
 * The face punch challenges issued and not yet used, and the frames of each terminal's last face
 * punches (decision 043), in the installation's shared state (db/shared-state.ts, decision 060):
 * a nonce issued by one app server is redeemed once on any. A nonce lives a minute; a restart of
 * a SQLite server (memory) only makes the kiosk ask again. Bounded: MAX_OPEN_CHALLENGES per
 * terminal (expired ones dropped whenever that terminal asks again), RECENT_FACE_PUNCHES
 * punches' frames per terminal, and terminals exist only by pairing. Issue and redeem are atomic
 * units, so a nonce is redeemed once even when two requests carry it at the same moment.
 */
const NONCE = 'challenge';
const OPEN = 'challenge-open';
const FRAMES = 'face-frames';
/** The descriptors the server computed from the frames of the last face punches (issue 34.4). */
const SERVER_FRAMES = 'face-frames-server';
type Open = { nonce: string; expiresAt: number }[];
/** Frames are kept a day after the last face punch of their terminal (the check needs the last few only). */
const FRAMES_KEPT_MS = 24 * 3_600_000;

/** A new nonce for the terminal, valid until `expiresAt` (epoch ms). */
export function issueChallenge(terminalId: number, now: number): Promise<{ nonce: string; expiresAt: number }> {
  return sharedState().unit(async (state) => {
    const open = (await state.get<Open>(OPEN, String(terminalId))) ?? [];
    const drop = new Set(challengesToDrop(open, now));
    for (const nonce of drop) await state.delete(NONCE, nonce);
    const kept = open.filter((c) => !drop.has(c.nonce));
    const challenge = { nonce: randomBytes(32).toString('base64url'), expiresAt: now + CHALLENGE_TTL_MS };
    kept.push(challenge);
    await state.put(OPEN, String(terminalId), kept, Math.max(...kept.map((c) => c.expiresAt)));
    await state.put(NONCE, challenge.nonce, { terminalId, expiresAt: challenge.expiresAt } satisfies IssuedChallenge, challenge.expiresAt);
    return challenge;
  });
}

/**
 * Redeems a nonce for a punch of `terminalId`: valid -> forgotten (single use) and ok. A nonce
 * presented by another terminal is forgotten too: it has left the device it was issued to.
 */
export function redeemChallenge(nonce: string | undefined, terminalId: number, now: number): Promise<ChallengeVerdict> {
  return sharedState().unit(async (state) => {
    const entry = nonce === undefined ? undefined : await state.get<IssuedChallenge>(NONCE, nonce);
    const verdict = judgeChallenge(nonce, entry, terminalId, now);
    if (entry && nonce !== undefined) {
      await state.delete(NONCE, nonce);
      const owner = String(entry.terminalId);
      const rest = ((await state.get<Open>(OPEN, owner)) ?? []).filter((c) => c.nonce !== nonce);
      if (rest.length > 0) await state.put(OPEN, owner, rest, Math.max(...rest.map((c) => c.expiresAt)));
      else await state.delete(OPEN, owner);
    }
    return verdict;
  });
}

/** The frames of the terminal's last face punches, newest last. */
export async function recentFaceFrames(terminalId: number): Promise<number[][]> {
  return ((await sharedState().get<number[][][]>(FRAMES, String(terminalId))) ?? []).flat();
}

/**
 * The frames of every terminal's last face punches: frames taken at one terminal and sent
 * through another are a replay too (a live face never repeats them anywhere).
 */
export async function allRecentFaceFrames(): Promise<number[][]> {
  return (await sharedState().all<number[][][]>(FRAMES)).flatMap((r) => r.value.flat());
}

/** Remembers a face punch's frames for the terminal (the oldest punch's frames go past the limit). */
export function rememberFaceFrames(terminalId: number, frames: number[][], now: number): Promise<void> {
  return sharedState().unit((state) => remember(state, terminalId, frames, now));
}

/**
 * Judges `frames` against every terminal's recent frames and, when `judge` passes them,
 * remembers them, in one unit: the same frames sent through two servers at once pass once.
 */
export function rememberFreshFaceFrames<V extends { ok: boolean }>(terminalId: number, frames: number[][], now: number, judge: (recent: number[][]) => V): Promise<V> {
  return sharedState().unit(async (state) => {
    const verdict = judge((await state.all<number[][][]>(FRAMES)).flatMap((r) => r.value.flat()));
    if (verdict.ok) await remember(state, terminalId, frames, now);
    return verdict;
  });
}

/**
 * The same for the descriptor the server computed from a face punch's camera frame: a frame sent
 * again (the same picture under a new nonce) gives the same descriptor, and is refused.
 */
export function rememberFreshServerFrame<V extends { ok: boolean }>(terminalId: number, descriptor: number[], now: number, judge: (recent: number[][]) => V): Promise<V> {
  return sharedState().unit(async (state) => {
    const verdict = judge((await state.all<number[][][]>(SERVER_FRAMES)).flatMap((r) => r.value.flat()));
    if (verdict.ok) await remember(state, terminalId, [descriptor], now, SERVER_FRAMES);
    return verdict;
  });
}

async function remember(state: StateUnit, terminalId: number, frames: number[][], now: number, kind = FRAMES): Promise<void> {
  {
    const list = (await state.get<number[][][]>(kind, String(terminalId))) ?? [];
    list.push(frames);
    if (list.length > RECENT_FACE_PUNCHES) list.splice(0, list.length - RECENT_FACE_PUNCHES);
    await state.put(kind, String(terminalId), list, now + FRAMES_KEPT_MS);
  }
}

/** Forgets everything of one terminal (revoked) or of all (tests; the in-memory store only). */
export async function forgetChallenges(terminalId?: number): Promise<void> {
  if (terminalId === undefined) {
    sharedState().clearMemory();
    return;
  }
  await sharedState().unit(async (state) => {
    const key = String(terminalId);
    for (const c of (await state.get<Open>(OPEN, key)) ?? []) await state.delete(NONCE, c.nonce);
    await state.delete(OPEN, key);
    await state.delete(FRAMES, key);
    await state.delete(SERVER_FRAMES, key);
  });
}

/** How many nonces are open in all (tests: the book stays bounded). */
export const openChallengeCount = async () => (await sharedState().all(NONCE)).length;
