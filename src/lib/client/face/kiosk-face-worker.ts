/**
 * The page's side of the clock terminal's face worker (face-worker.ts, decision 030): starts the
 * worker, loads the models there (reporting progress) and asks it to detect faces in camera
 * frames and describe the kept ones. The page's main thread only draws frames and reads their
 * pixels; nothing of TensorFlow.js runs on it, so taps are handled at once while models load.
 */
import { MODEL_URL } from './face-engine.ts';
import { SLOWDOWN_GLOBAL, WORKER_MEASURE, type Detection, type WorkerAnswer, type WorkerRequest } from './face-worker-protocol.ts';

type Body<T> = T extends unknown ? Omit<T, 'seq'> : never;

export interface KioskFaceWorker {
  /** Resolves with the backend's name once the models are loaded and warmed up. */
  load(onProgress: (percent: number) => void): Promise<string>;
  /**
   * The faces of a frame; a frame with exactly one face is kept as `id`, those not in `keep`
   * dropped, and comes with the capture's verdict (and its descriptor when that is alive; see the protocol).
   */
  detect(id: number, frame: ImageData, minConfidence: number, keep: number[], liveness: boolean): Promise<Detection>;
  /** The descriptors of kept frames, in order. */
  describe(ids: number[]): Promise<number[][]>;
  /** Drops these frames if kept. */
  forget(ids: number[]): void;
  terminate(): void;
}

/** Starts a worker; throws when the browser has no module workers. */
export function startKioskFaceWorker(): KioskFaceWorker {
  const worker = new Worker(new URL('./face-worker.ts', import.meta.url), { type: 'module', name: 'face' });
  let seq = 0;
  const pending = new Map<number, { type: WorkerRequest['type']; resolve: (value: unknown) => void; reject: (error: Error) => void; progress?: (done: number, total: number) => void }>();
  const failAll = (message: string) => {
    for (const p of pending.values()) p.reject(new Error(message));
    pending.clear();
  };
  worker.addEventListener('message', (event: MessageEvent<WorkerAnswer>) => {
    const data = event.data;
    const entry = pending.get(data.seq);
    if (!entry) return;
    if ('progress' in data) {
      entry.progress?.(data.progress.done, data.progress.total);
      return;
    }
    pending.delete(data.seq);
    if (data.ok) {
      // Diagnostics: the worker's own time on the page's timeline (not throttled with the page; bench/kiosk-face.mjs).
      const end = performance.now();
      performance.measure(WORKER_MEASURE, { start: end - data.ms, end, detail: entry.type });
      entry.resolve(data.value);
    } else {
      console.warn('face worker:', data.error);
      entry.reject(new Error(data.error));
    }
  });
  // A worker script that does not load or crashes: every waiting request fails (models-failed).
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    console.warn('face worker failed:', event.message);
    failAll(event.message || 'face worker failed');
  });

  function request<T>(body: Body<WorkerRequest>, transfer: Transferable[] = [], progress?: (done: number, total: number) => void): Promise<T> {
    const id = ++seq;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { type: body.type, resolve: resolve as (value: unknown) => void, reject, progress });
      worker.postMessage({ ...body, seq: id }, transfer);
    });
  }

  return {
    load: (onProgress) => {
      const slowdown = Number((globalThis as Record<string, unknown>)[SLOWDOWN_GLOBAL]) || undefined;
      return request<string>({ type: 'load', modelUrl: MODEL_URL, slowdown }, [], (done, total) => onProgress(Math.round((100 * done) / total)));
    },
    detect: (id, frame, minConfidence, keep, liveness) => {
      const pixels = frame.data.buffer as ArrayBuffer;
      return request<Detection>({ type: 'detect', id, width: frame.width, height: frame.height, pixels, minConfidence, keep, liveness }, [pixels]);
    },
    describe: (ids) => request<number[][]>({ type: 'describe', ids }),
    forget: (ids) => void request({ type: 'forget', ids }).catch(() => {}),
    terminate: () => {
      worker.terminate();
      failAll('face worker stopped');
    },
  };
}
