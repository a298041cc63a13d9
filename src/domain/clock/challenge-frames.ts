/**
 * Frames a face punch must not repeat (decision 043). The kiosk sends descriptors of two camera
 * frames taken at different moments: a live face never gives the same 128 numbers twice (sensor
 * noise and movement change them by 0.01 and more), while a copied descriptor, sent twice or sent
 * again later, does. Refused: a punch whose frames are identical to each other, or identical to a
 * frame of one of the last RECENT_FACE_PUNCHES face punches of any terminal (kept per terminal).
 */

/** Face punches of a terminal whose frames a new punch must not repeat. */
export const RECENT_FACE_PUNCHES = 20;
/**
 * Two descriptors closer than this (Euclidean) count as the same frame. Same-person frames of a
 * camera are 0.05–0.5 apart; float32 rounding of a resent descriptor is below 1e-6.
 */
export const IDENTICAL_FRAME_DISTANCE = 1e-3;

function distance(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    sum += d * d;
  }
  return Math.sqrt(sum);
}

export const sameFrame = (a: readonly number[], b: readonly number[]) => a.length === b.length && distance(a, b) < IDENTICAL_FRAME_DISTANCE;

export type FramesVerdict = { ok: true } | { ok: false; reason: 'identicalFrames' | 'repeatsRecent' };

/**
 * Whether the frames of a face punch are fresh: no two of them identical, none identical to a
 * frame of `recent` (the frames of the terminal's last face punches, any order).
 */
export function judgeFrames(frames: readonly (readonly number[])[], recent: readonly (readonly number[])[]): FramesVerdict {
  for (let i = 0; i < frames.length; i++) {
    for (let j = i + 1; j < frames.length; j++) if (sameFrame(frames[i]!, frames[j]!)) return { ok: false, reason: 'identicalFrames' };
  }
  for (const frame of frames) if (recent.some((r) => sameFrame(frame, r))) return { ok: false, reason: 'repeatsRecent' };
  return { ok: true };
}
