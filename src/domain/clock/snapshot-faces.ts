/**
 * How many faces a punch snapshot shows, from the scores of the server's detector (face-api's
 * TinyFaceDetector, src/server/faces/snapshot-face-worker.ts) — decision 043. The kiosk keeps a
 * snapshot with a face punch when the `punchPhoto` setting is on; the server keeps it only when
 * it shows exactly one face, so a punch made from a copied descriptor cannot come with an empty
 * room, a printed page or a crowd as its evidence.
 *
 * Two thresholds because a wrong refusal costs an employee their punch: any detection from
 * FACE_PRESENT_SCORE says "a face is there", and only a detection from SECOND_FACE_SCORE counts
 * as another person. Measured on the 24 fixture faces at 70–200 px in a 320 × 240 JPEG frame
 * (bench/snapshot-faces.mjs): the one face scored 0.54–0.97, detections besides it stayed below
 * 0.35; two faces side by side scored 0.6 and more each; a photo without a face, nothing.
 */
export const FACE_PRESENT_SCORE = 0.4;
export const SECOND_FACE_SCORE = 0.6;

export type SnapshotFaces = 'one' | 'none' | 'many';

/** The verdict for a snapshot whose detections scored `scores` (any order). */
export function judgeSnapshotFaces(scores: readonly number[]): SnapshotFaces {
  const sorted = [...scores].sort((a, b) => b - a);
  const best = sorted[0];
  if (best === undefined || best < FACE_PRESENT_SCORE) return 'none';
  const second = sorted[1];
  return second !== undefined && second >= SECOND_FACE_SCORE ? 'many' : 'one';
}
