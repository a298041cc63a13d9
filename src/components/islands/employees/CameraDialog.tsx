import { Camera } from 'lucide-react';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { primaryButton, secondaryButton } from '../ui/buttons.ts';
import { useCameraStream } from './use-camera-stream.ts';

/** Live camera preview with a capture button; the stream stops when it closes. */
export function CameraDialog({ lang, open, onClose, onCapture }: { lang: Language; open: boolean; onClose: () => void; onCapture: (video: HTMLVideoElement) => void }) {
  const t = translator(lang);
  const { videoRef, failed, ready } = useCameraStream(open);
  return (
    <Dialog open={open} title={t('photos.takePhoto')} onClose={onClose} closeLabel={t('common.close')} size="lg">
      {failed ? (
        <p role="alert" className="mb-4 text-sm text-red-700 dark:text-red-300">
          {t('photos.cameraUnavailable')}
        </p>
      ) : (
        <video ref={videoRef} className="mb-4 aspect-video w-full rounded-xl bg-black object-contain" muted playsInline data-testid="camera-video" />
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={onClose}>
          {t('form.cancel')}
        </button>
        <button type="button" className={primaryButton} disabled={!ready} onClick={() => videoRef.current && onCapture(videoRef.current)} data-testid="camera-capture">
          <Camera size={18} aria-hidden="true" />
          {t('photos.capture')}
        </button>
      </div>
    </Dialog>
  );
}
