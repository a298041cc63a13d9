import { CameraOff, CreditCard, Loader2, ScanFace } from 'lucide-react';
import type { Translate } from '../ui/machine-text.ts';

/**
 * Under the actions: whether face recognition is ready (while its models load, how far they are:
 * `progress` 0–100, decision 030), and that badges are read.
 */
export function KioskStatusLine({ t, lang, faceStatus, faceStatusKind, progress, rfid }: { t: Translate; lang: string; faceStatus: string | null; faceStatusKind: string; progress: number; rfid: boolean }) {
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(progress / 100);
  return (
    <div className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-muted">
      {faceStatus && (
        <span className="inline-flex items-center gap-2" data-testid="face-status" data-kind={faceStatusKind}>
          {faceStatusKind === 'loading' ? (
            <Loader2 size={16} className="animate-spin" aria-hidden="true" />
          ) : faceStatusKind === 'ready' ? (
            <ScanFace size={16} aria-hidden="true" />
          ) : (
            <CameraOff size={16} aria-hidden="true" />
          )}
          {faceStatus}
          {faceStatusKind === 'loading' && (
            <>
              <span
                role="progressbar"
                aria-label={t('kiosk.modelsProgress')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                className="inline-block h-1.5 w-24 overflow-hidden rounded-full bg-primary-subtle"
                data-testid="face-progress"
                data-value={progress}
              >
                <span className="block h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${progress}%` }} />
              </span>
              <span className="tabular-nums" aria-hidden="true">
                {percent}
              </span>
            </>
          )}
        </span>
      )}
      {rfid && (
        <span className="inline-flex items-center gap-2">
          <CreditCard size={16} aria-hidden="true" />
          {t('kiosk.scanBadge')}
        </span>
      )}
    </div>
  );
}
