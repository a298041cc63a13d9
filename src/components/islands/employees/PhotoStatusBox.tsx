import type { PhotoStatus } from './photo-enrolment-machine.ts';
import { showText, type Translate } from '../ui/machine-text.ts';

const STATUS_STYLE: Record<PhotoStatus['kind'], string> = {
  busy: 'border-line bg-card text-ink',
  info: 'border-line bg-card text-ink',
  success: 'border-emerald-600 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  error: 'border-red-600 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
};

/** The panel's status line (a live region: each new status is announced). */
export function PhotoStatusBox({ t, status }: { t: Translate; status: PhotoStatus | null }) {
  return (
    <div role="status" aria-live="polite" className="min-h-0">
      {status && (
        <div className={`mb-4 rounded-xl border px-4 py-3 text-sm ${STATUS_STYLE[status.kind]}`} data-testid="photo-status" data-kind={status.kind} data-seq={status.seq}>
          <p className="font-medium" data-testid="photo-status-text">
            {status.kind === 'busy' && <span className="me-2 inline-block h-3 w-3 animate-spin rounded-full border-2 border-current border-t-transparent align-middle" aria-hidden="true" />}
            {showText(t, status.text)}
          </p>
          {status.note && <p className="mt-1">{showText(t, status.note)}</p>}
        </div>
      )}
    </div>
  );
}
