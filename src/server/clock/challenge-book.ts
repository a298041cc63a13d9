import { randomBytes } from 'node:crypto';
import { CHALLENGE_TTL_MS, challengesToDrop, judgeChallenge, type ChallengeVerdict, type IssuedChallenge } from '../../domain/clock/challenge.ts';
import { RECENT_FACE_PUNCHES } from '../../domain/clock/challenge-frames.ts';

/**
 * The face punch challenges issued and not yet used, and the frames of each terminal's last face
 * punches (decision 043). In memory on purpose: a nonce lives a minute, and a restart only makes
 * the kiosk ask again. Bounded: MAX_OPEN_CHALLENGES per terminal (expired ones dropped whenever
 * that terminal asks again), RECENT_FACE_PUNCHES punches' frames per terminal, and terminals
 * exist only by pairing. Every read and write is synchronous, so a nonce is redeemed once even
 * when two requests carry it at the same moment.
 */
const issued = new Map<string, IssuedChallenge>();
const openByTerminal = new Map<number, { nonce: string; expiresAt: number }[]>();
const recentFrames = new Map<number, number[][][]>();

/** A new nonce for the terminal, valid until `expiresAt` (epoch ms). */
export function issueChallenge(terminalId: number, now: number): { nonce: string; expiresAt: number } {
  const open = openByTerminal.get(terminalId) ?? [];
  const drop = new Set(challengesToDrop(open, now));
  for (const nonce of drop) issued.delete(nonce);
  const kept = open.filter((c) => !drop.has(c.nonce));
  const challenge = { nonce: randomBytes(32).toString('base64url'), expiresAt: now + CHALLENGE_TTL_MS };
  kept.push(challenge);
  openByTerminal.set(terminalId, kept);
  issued.set(challenge.nonce, { terminalId, expiresAt: challenge.expiresAt });
  return challenge;
}

/**
 * Redeems a nonce for a punch of `terminalId`: valid -> forgotten (single use) and ok. A nonce
 * presented by another terminal is forgotten too: it has left the device it was issued to.
 */
export function redeemChallenge(nonce: string | undefined, terminalId: number, now: number): ChallengeVerdict {
  const entry = nonce === undefined ? undefined : issued.get(nonce);
  const verdict = judgeChallenge(nonce, entry, terminalId, now);
  if (entry && nonce !== undefined) {
    issued.delete(nonce);
    const open = openByTerminal.get(entry.terminalId);
    if (open) {
      const rest = open.filter((c) => c.nonce !== nonce);
      if (rest.length > 0) openByTerminal.set(entry.terminalId, rest);
      else openByTerminal.delete(entry.terminalId);
    }
  }
  return verdict;
}

/** The frames of the terminal's last face punches, newest last. */
export function recentFaceFrames(terminalId: number): number[][] {
  return (recentFrames.get(terminalId) ?? []).flat();
}

/**
 * The frames of every terminal's last face punches: frames taken at one terminal and sent
 * through another are a replay too (a live face never repeats them anywhere).
 */
export function allRecentFaceFrames(): number[][] {
  return [...recentFrames.values()].flatMap((punches) => punches.flat());
}

/** Remembers a face punch's frames for the terminal (the oldest punch's frames go past the limit). */
export function rememberFaceFrames(terminalId: number, frames: number[][]): void {
  const list = recentFrames.get(terminalId) ?? [];
  list.push(frames);
  if (list.length > RECENT_FACE_PUNCHES) list.splice(0, list.length - RECENT_FACE_PUNCHES);
  recentFrames.set(terminalId, list);
}

/** Forgets everything of one terminal (revoked) or of all (tests). */
export function forgetChallenges(terminalId?: number): void {
  if (terminalId === undefined) {
    issued.clear();
    openByTerminal.clear();
    recentFrames.clear();
    return;
  }
  for (const c of openByTerminal.get(terminalId) ?? []) issued.delete(c.nonce);
  openByTerminal.delete(terminalId);
  recentFrames.delete(terminalId);
}

/** How many nonces are open in all (tests: the book stays bounded). */
export const openChallengeCount = () => issued.size;
