import { useCallback } from 'react';
import { describeSingleFace, faceEngineReady, loadFaceEngine, type FaceEngine, type FaceResult } from '#lib/client/face/face-engine.ts';

/**
 * Lets React paint a status before face detection, which can hold the main thread for seconds on
 * a CPU backend (otherwise "Looking for a face…" would never show).
 */
type Drawable = HTMLImageElement | HTMLCanvasElement;

const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Face detection for the photo panel: face-api and its models load on first use (never at page
 * load). `onStatus` is told when the models start loading and when detection starts, before the
 * main thread is held. `describe` takes the image, or a function that loads it after the status
 * shows. Both functions throw as face-api does; the caller words the error.
 */
export function useFaceDetection(onStatus: (step: 'loading-models' | 'detecting') => void) {
  const engine = useCallback(async (): Promise<FaceEngine> => {
    if (!faceEngineReady()) {
      onStatus('loading-models');
      await nextPaint();
    }
    return loadFaceEngine();
  }, [onStatus]);

  const describe = useCallback(
    async (faceapi: FaceEngine, source: Drawable | (() => Promise<Drawable>)): Promise<FaceResult> => {
      onStatus('detecting');
      await nextPaint();
      return describeSingleFace(faceapi, typeof source === 'function' ? await source() : source);
    },
    [onStatus],
  );

  return { engine, describe };
}
