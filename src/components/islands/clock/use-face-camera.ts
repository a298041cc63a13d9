import { useCallback, useEffect, useRef, useState } from 'react';
import type { FaceEngine } from '../../../lib/client/face/face-engine.ts';
import type { CaptureProgress } from '../../../lib/client/face/kiosk-capture.ts';
import type { FaceFailure } from './kiosk-machine.ts';

export type EngineState = 'off' | 'loading' | 'ready' | 'failed';
export type CameraState = 'off' | 'starting' | 'on' | 'failed';

/** What one capture gives: the descriptors (and snapshot) to send, or why there are none. */
export type FaceCapture = { kind: 'face'; descriptors: number[][]; snapshot: string | null } | { kind: 'failed'; reason: FaceFailure } | { kind: 'cancelled' };

/**
 * The kiosk's camera and face engine. With `enabled`, starts the camera (getUserMedia) and loads
 * the models at once, so a punch does not wait for them; face-api is imported lazily, only by the
 * page that uses it. `capture` runs the detection loop on the video until it has a face (or gives
 * up, or `abort` stops it); one capture at a time, a new one aborts the last.
 */
export function useFaceCamera(enabled: boolean, options: { liveness: boolean; snapshot: boolean }) {
  const [engine, setEngine] = useState<EngineState>(enabled ? 'loading' : 'off');
  const [camera, setCamera] = useState<CameraState>(enabled ? 'starting' : 'off');
  const videoRef = useRef<HTMLVideoElement>(null);
  const faceapiRef = useRef<FaceEngine | null>(null);
  const captureRef = useRef<AbortController | null>(null);
  const cameraRef = useRef(camera);
  cameraRef.current = camera;

  useEffect(() => {
    if (!enabled) return;
    let stream: MediaStream | null = null;
    let cancelled = false;
    void (async () => {
      const [{ loadFaceEngine }, { startCamera, warmUpFaceEngine }] = await Promise.all([import('../../../lib/client/face/face-engine.ts'), import('../../../lib/client/face/kiosk-capture.ts')]);
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
      const models = loadFaceEngine().then(
        async (faceapi) => {
          await warmUpFaceEngine(faceapi).catch(() => {});
          faceapiRef.current = faceapi;
          if (!cancelled) setEngine('ready');
        },
        () => setEngine('failed'),
      );
      await Promise.all([cam, models]);
    })();
    return () => {
      cancelled = true;
      captureRef.current?.abort();
      stream?.getTracks().forEach((track) => track.stop());
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
      const { loadFaceEngine } = await import('../../../lib/client/face/face-engine.ts');
      const { captureFace } = await import('../../../lib/client/face/kiosk-capture.ts');
      let faceapi: FaceEngine;
      try {
        faceapi = faceapiRef.current ?? (await loadFaceEngine());
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
      const result = await captureFace(faceapi, video, {
        liveness: options.liveness,
        snapshot: options.snapshot,
        signal: controller.signal,
        onProgress: (p) => {
          if (!controller.signal.aborted) onProgress(p);
        },
      });
      if (controller.signal.aborted || result.kind === 'cancelled') return { kind: 'cancelled' };
      captureRef.current = null;
      if (result.kind === 'failed') return { kind: 'failed', reason: result.reason };
      return { kind: 'face', descriptors: result.descriptors, snapshot: result.snapshot };
    },
    [options.liveness, options.snapshot],
  );

  return { engine, camera, videoRef, capture, abort };
}
