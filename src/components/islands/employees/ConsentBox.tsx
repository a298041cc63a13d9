import type { BiometricConsentDto } from '#domain/employees/employee-photos.ts';
import type { Translate } from '../ui/machine-text.ts';

/** The biometric consent checkbox and who recorded it when. */
export function ConsentBox(props: { t: Translate; consent: BiometricConsentDto | null; disabled: boolean; when: (iso: string) => string; onGive: () => void; onWithdraw: () => void }) {
  const { t, consent } = props;
  return (
    <div className="mb-4 rounded-xl border border-line p-4">
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5 accent-primary"
          checked={consent !== null}
          disabled={props.disabled}
          onChange={(e) => (e.target.checked ? props.onGive() : props.onWithdraw())}
          data-testid="consent-checkbox"
        />
        <span>
          <span className="font-medium">{t('photos.consentLabel')}</span>
          <span className="block text-sm text-muted" data-testid="consent-record">
            {consent ? t('photos.consentRecordedBy', { date: props.when(consent.at), name: consent.byName ?? '—' }) : t('photos.consentMissing')}
          </span>
        </span>
      </label>
    </div>
  );
}
