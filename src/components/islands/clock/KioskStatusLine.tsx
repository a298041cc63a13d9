import { CameraOff, CreditCard, Loader2, ScanFace } from 'lucide-react';
import type { Translate } from '../ui/machine-text.ts';

/** Under the actions: whether face recognition is ready, and that badges are read. */
export function KioskStatusLine({ t, faceStatus, faceStatusKind, rfid }: { t: Translate; faceStatus: string | null; faceStatusKind: string; rfid: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-muted">
      {faceStatus && (
        <span className="inline-flex items-center gap-2" data-testid="face-status" data-kind={faceStatusKind}>
          {faceStatusKind === 'loading' ? <Loader2 size={16} className="animate-spin" aria-hidden="true" /> : faceStatusKind === 'ready' ? <ScanFace size={16} aria-hidden="true" /> : <CameraOff size={16} aria-hidden="true" />}
          {faceStatus}
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
