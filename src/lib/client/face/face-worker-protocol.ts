/**
 * The messages between the clock terminal's page and its face worker (face-worker.ts, decision
 * 030). The page sends camera frames as RGBA pixels (an `ImageData`'s buffer, transferred, not
 * copied) and gets back boxes and landmarks; descriptors are computed in the worker from frames
 * it kept. Every request carries a `seq` that its answer repeats.
 */
import type { LivenessVerdict } from '#domain/clock/liveness.ts';

export interface DetectedFace {
  box: { x: number; y: number; width: number; height: number };
  landmarks: { x: number; y: number }[];
}

/**
 * A `detect` answer: the faces; with exactly one, the capture's verdict on the kept frames and
 * this one (captureVerdict), and this frame's descriptor when that verdict is alive.
 */
export interface Detection {
  faces: DetectedFace[];
  verdict: LivenessVerdict | null;
  descriptor: number[] | null;
}

export type WorkerRequest =
  /**
   * Load face-api, pick the backend, load the three models and warm them up. `slowdown` (≥ 1,
   * benchmark only: bench/kiosk-face.mjs): after loading, every request's answer is held back by
   * (slowdown − 1) × the time it took, as on a CPU that many times slower. Chromium's CPU
   * throttling (DevTools protocol) slows only the page, never a worker.
   */
  | { seq: number; type: 'load'; modelUrl: string; slowdown?: number }
  /**
   * Detect the faces (and landmarks) of a frame. A frame with exactly one face is kept as `id`
   * for `describe`; every kept frame not in `keep` is dropped. The kept frames (`keep`, in order:
   * the capture's frames so far) and this one are judged with the capture's rule (captureVerdict,
   * with or without the `liveness` challenge); when they complete the capture the answer also
   * carries this frame's descriptor, computed at once (decision 045: no round trip through a slow page).
   */
  | { seq: number; type: 'detect'; id: number; width: number; height: number; pixels: ArrayBuffer; minConfidence: number; keep: number[]; liveness: boolean }
  /** The 128-value descriptors of kept frames' faces, in the order of `ids`. */
  | { seq: number; type: 'describe'; ids: number[] }
  /** Drop these frames if kept. */
  | { seq: number; type: 'forget'; ids: number[] };

export type WorkerAnswer =
  /** `ms`: how long the worker worked on the request, slowdown included (diagnostics: the page records it as WORKER_MEASURE). */
  | { seq: number; ok: true; value: unknown; ms: number }
  | { seq: number; ok: false; error: string }
  /** Loading progress: `done` of `total` steps (library, backend, three models, three warm-up runs). */
  | { seq: number; progress: { done: number; total: number } };

/**
 * The Tiny Face Detector's input side in pixels (a multiple of 32): the frame is scaled to it for
 * detection only; landmarks and the descriptor's face chip are cut from the full frame (decision 045).
 */
export const DETECTOR_INPUT_SIZE = 224;
/**
 * The detector's minimum score. Tiny Face Detector scores lower than SSD: at 0.5 it missed 9 of
 * the 24 fixture faces in a camera frame, at 0.3 none (bench/face-quality.mjs, decision 045). A
 * false detection costs only a descriptor that matches nobody.
 */
export const DETECTOR_MIN_SCORE = 0.3;

/** The steps `load` reports, for the percentage on screen. */
export const LOAD_STEPS = 8;

/** Performance measure the page records for each answered request, spanning the worker's own time (bench/kiosk-face.mjs). */
export const WORKER_MEASURE = 'kiosk-face:worker';

/** The page's global a benchmark sets (before the page's scripts) to slow the face worker; see `load`'s `slowdown`. */
export const SLOWDOWN_GLOBAL = '__jornadaFaceWorkerSlowdown';
