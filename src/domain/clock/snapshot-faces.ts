/**
 * How many faces a punch snapshot shows, from the scores of the server's detector (face-api's
 * TinyFaceDetector at input size 224, src/server/faces/snapshot-face-worker.ts) — decision 043.
 * The kiosk keeps a snapshot with a face punch when the `punchPhoto` setting is on; the server
 * keeps it only when it shows exactly one face, so a punch sent from a copied descriptor cannot
 * bring an empty room, a printed page or a crowd as its evidence.
 *
 * A face is a detection scoring FACE_SCORE or more. Measured (bench/snapshot-faces.mjs) on the
 * 24 fixture faces at 70, 120 and 200 px in a 320 × 240 JPEG on grey: the face scored 0.46–0.98
 * and no frame had any other detection even at 0.1; a photo without a face, nothing; two fixture
 * faces side by side (tight crops, the detector's hardest case): found in 11 of 15 pairs, the
 * missed second faces scoring 0.26–0.37. The kiosk itself only sends frames where its own
 * detector (SSD) saw exactly one face: this check is for other clients.
 */
export const FACE_SCORE = 0.4;

export type SnapshotFaces = 'one' | 'none' | 'many';

/** The verdict for a snapshot whose detections scored `scores` (any order). */
export function judgeSnapshotFaces(scores: readonly number[]): SnapshotFaces {
  const faces = scores.filter((s) => s >= FACE_SCORE).length;
  if (faces === 0) return 'none';
  return faces === 1 ? 'one' : 'many';
}
