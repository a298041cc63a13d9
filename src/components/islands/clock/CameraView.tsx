import type { RefObject } from 'react';

/** The live camera preview with an oval to put the face in; always mounted (the stream runs), shown only while `visible`. */
export function CameraView({ videoRef, visible, label }: { videoRef: RefObject<HTMLVideoElement | null>; visible: boolean; label: string }) {
  return (
    <div className={`relative mx-auto w-full max-w-md overflow-hidden rounded-3xl border border-line bg-black ${visible ? '' : 'hidden'}`}>
      <video ref={videoRef} className="aspect-[4/3] w-full -scale-x-100 object-cover" muted playsInline aria-label={label} data-testid="camera-video" />
      <div className="pointer-events-none absolute inset-[18%_28%] rounded-[50%] border-4 border-white/70" aria-hidden="true" />
    </div>
  );
}
