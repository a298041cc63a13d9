/**
 * The clock's basic liveness check (setting `faceLiveness`): across the frames the terminal takes,
 * a live face moves — the head shifts, turns or nods a little — while a photo held still in front
 * of the camera does not. Pure, so the rule is unit-tested; the kiosk measures frames with face-api
 * and asks the person to move when the face has not moved yet.
 *
 * This stops a printed or on-screen photo propped up in front of the camera; it does not stop a
 * photo waved by hand or a video. The server cannot check it (it only sees descriptors), so it is
 * a property of our terminal, and the IP restriction keeps other clients away from the clock API.
 */
export interface FaceFrame {
  /** The detection box, in pixels of the frame. */
  box: { x: number; y: number; width: number; height: number };
  /** The 68 landmarks, in pixels of the frame. */
  landmarks: ReadonlyArray<{ x: number; y: number }>;
}

/**
 * Movement needed, as a fraction of the face's width: 3% is about 6 px for a face 200 px wide.
 * Detections of identical frames do not move at all, and camera noise on a still photo moves the
 * box by well under 1%.
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

/** True when the frames show a moving face (at least two frames). */
export function looksAlive(frames: readonly FaceFrame[], minMovement = LIVENESS_MIN_MOVEMENT): boolean {
  return frames.length >= 2 && maxMovement(frames) >= minMovement;
}
