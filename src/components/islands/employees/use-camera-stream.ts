import { useEffect, useRef, useState } from 'react';
import { jpegDataUrl } from '#lib/client/face/photo-input.ts';

/**
 * The front camera (getUserMedia) playing in a video while `open`; the stream stops when it
 * closes. `failed`: no camera, or the browser refused it.
 */
export function useCameraStream(open: boolean) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | undefined;
    let cancelled = false;
    setFailed(false);
    setReady(false);
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false });
        if (cancelled) return;
        if (videoRef.current) {
          videoRef.current.srcObject = stream;
          await videoRef.current.play();
          setReady(true);
        }
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [open]);

  return { videoRef, failed, ready };
}

/** The video's current frame, full size, with its JPEG data URL; null before the video has a size. */
export function grabFrame(video: HTMLVideoElement): { canvas: HTMLCanvasElement; dataUrl: string } | null {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) return null;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')!.drawImage(video, 0, 0, width, height);
  return { canvas, dataUrl: jpegDataUrl(canvas, width, height) };
}
