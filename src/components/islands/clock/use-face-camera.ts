import { useCallback, useEffect, useRef, useState } from 'react';
import type { CaptureProgress } from '#lib/client/face/kiosk-capture.ts';
import type { KioskFaceWorker } from '#lib/client/face/kiosk-face-worker.ts';
import type { FaceFailure } from './kiosk-machine.ts';

export type EngineState = 'off' | 'loading' | 'ready' | 'failed';
export type CameraState = 'off' | 'starting' | 'on' | 'failed';

/** What one capture gives: the descriptors (and snapshot) to send, or why there are none. */
export type FaceCapture = { kind: 'face'; descriptors: number[][]; snapshot: string | null } | { kind: 'failed'; reason: FaceFailure } | { kind: 'cancelled' };

/**
 * The kiosk's camera and face engine. With `enabled`, starts the camera (getUserMedia) and the
 * face worker, which loads the models off the main thread (decision 030): the PIN pad and the
 * badge reader answer from the first second, and `progress` (0–100) tells how far loading is.
 * `capture` runs the detection loop on the video until it has a face (or gives up, or `abort`
 * stops it); one capture at a time, a new one aborts the last.
 */
export function useFaceCamera(enabled: boolean, options: { liveness: boolean; snapshot: boolean }) {
  const [engine, setEngine] = useState<EngineState>(enabled ? 'loading' : 'off');
  const [camera, setCamera] = useState<CameraState>(enabled ? 'starting' : 'off');
  const [progress, setProgress] = useState(0);
  const videoRef = useRef<HTMLVideoElement>(null);
  const workerRef = useRef<{ worker: KioskFaceWorker; ready: Promise<string> } | null>(null);
  const captureRef = useRef<AbortController | null>(null);
  const cameraRef = useRef(camera);
  cameraRef.current = camera;

  useEffect(() => {
    if (!enabled) return;
    let stream: MediaStream | null = null;
    let cancelled = false;
    void (async () => {
      const [{ startKioskFaceWorker }, { startCamera }] = await Promise.all([import('#lib/client/face/kiosk-face-worker.ts'), import('#lib/client/face/kiosk-capture.ts')]);
      const video = videoRef.current;
      if (!video || cancelled) return;
      const cam =
        typeof navigator.mediaDevices?.getUserMedia === 'function'
          ? startCamera(video).then(
              (s) => {
                stream = s;
                if (cancelled) s.getTracks().forEach((track) => track.stop());
                else setCamera('on');
              },
              () => setCamera('failed'),
            )
          : Promise.resolve(setCamera('failed'));
      let models: Promise<unknown>;
      try {
        const worker = startKioskFaceWorker();
        const ready = worker.load((percent) => {
          if (!cancelled) setProgress(percent);
        });
        workerRef.current = { worker, ready };
        models = ready.then(
          (backend) => {
            if (cancelled) return;
            // Diagnostics (tests, a support call): which TensorFlow.js backend the worker uses.
            videoRef.current?.setAttribute('data-face-backend', backend);
            setEngine('ready');
          },
          () => !cancelled && setEngine('failed'),
        );
      } catch {
        // No module workers in this browser: the PIN pad and the badge stay.
        setEngine('failed');
        models = Promise.resolve();
      }
      await Promise.all([cam, models]);
    })();
    return () => {
      cancelled = true;
      captureRef.current?.abort();
      stream?.getTracks().forEach((track) => track.stop());
      workerRef.current?.worker.terminate();
      workerRef.current = null;
    };
  }, [enabled]);

  const abort = useCallback(() => {
    captureRef.current?.abort();
    captureRef.current = null;
  }, []);

  /** Waits for the models and a playing video, then looks for one (live) face. */
  const capture = useCallback(
    async (onProgress: (p: CaptureProgress) => void): Promise<FaceCapture> => {
      captureRef.current?.abort();
      const controller = new AbortController();
      captureRef.current = controller;
      const { captureFace } = await import('#lib/client/face/kiosk-capture.ts');
      const engine = workerRef.current;
      try {
        if (!engine) throw new Error('no face worker');
        await engine.ready;
      } catch {
        return controller.signal.aborted ? { kind: 'cancelled' } : { kind: 'failed', reason: 'models-failed' };
      }
      const video = videoRef.current;
      while (!controller.signal.aborted && video && (video.readyState < 2 || video.videoWidth === 0)) {
        if (cameraRef.current === 'failed') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      if (controller.signal.aborted) return { kind: 'cancelled' };
      if (!video || cameraRef.current === 'failed' || video.videoWidth === 0) return { kind: 'failed', reason: 'camera-unavailable' };
      onProgress('looking');
      let result: Awaited<ReturnType<typeof captureFace>>;
      try {
        result = await captureFace(engine.worker, video, {
          liveness: options.liveness,
          snapshot: options.snapshot,
          signal: controller.signal,
          onProgress: (p) => {
            if (!controller.signal.aborted) onProgress(p);
          },
        });
      } catch {
        // The worker failed mid-capture.
        return controller.signal.aborted ? { kind: 'cancelled' } : { kind: 'failed', reason: 'models-failed' };
      }
      if (controller.signal.aborted || result.kind === 'cancelled') return { kind: 'cancelled' };
      captureRef.current = null;
      if (result.kind === 'failed') return { kind: 'failed', reason: result.reason };
      return { kind: 'face', descriptors: result.descriptors, snapshot: result.snapshot };
    },
    [options.liveness, options.snapshot],
  );

  return { engine, progress, camera, videoRef, capture, abort };
}
