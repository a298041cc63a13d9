import { useState } from 'react';
import { toast } from 'sonner';
import type { InferInput } from 'valibot';
import type { FaceRecognitionStatus } from '#domain/biometrics/face-enablement.ts';
import type { FaceSwitchInput } from '#domain/biometrics/face-switch-schema.ts';
import { formatDate, formatTime } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { dangerButton, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';

interface Props {
  lang: Language;
  initial: FaceRecognitionStatus;
  canUpdate: boolean;
  timeZone: string;
  timeFormat: '1' | '2';
  /** Tells the settings form, which shows the face options only while it is on. */
  onEnabledChange: (enabled: boolean) => void;
}

const box = 'rounded-xl border p-3 text-sm';
const amber = `${box} border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100`;

/**
 * Settings → Features: face recognition is switched here, not with the form's Save (decision 047).
 * Off: the AEPD notice, an acknowledgement and "Turn on". On: who turned it on and when, and
 * "Turn off", which offers to delete every stored descriptor. Always: the DPIA draft to download.
 */
export function FaceRecognitionSection(props: Props) {
  const { lang } = props;
  const t = translator(lang);
  const [status, setStatus] = useState(props.initial);
  const [acknowledged, setAcknowledged] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { run, busy } = useApiAction(lang);
  const [confirmOff, setConfirmOff] = useState(false);
  const [deleteDescriptors, setDeleteDescriptors] = useState(false);
  const when = (iso: string) => `${formatDate(iso, lang, props.timeZone)} ${formatTime(iso, lang, props.timeZone, props.timeFormat)}`;
  const needsNotice = !status.enabled || !status.acknowledged;

  async function send(body: InferInput<typeof FaceSwitchInput>) {
    setRefusal(null);
    await run(() => api('POST /api/settings/face-recognition', { body, lang }), {
      success: 'toast',
      then: (answer) => {
        setStatus(answer.data);
        props.onEnabledChange(answer.data.enabled);
        setAcknowledged(false);
        setConfirmOff(false);
        setDeleteDescriptors(false);
      },
      // The refusal stays in the section (the notice it is about) as well as in a toast.
      onError: (message) => {
        setRefusal(message);
        toast.error(message);
      },
    });
  }

  const change = status.lastChange;
  return (
    <section className="flex flex-col gap-3 rounded-xl border border-line p-3 sm:p-4" aria-labelledby="face-recognition-title" data-testid="face-recognition" data-enabled={status.enabled}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="face-recognition-title" className="text-sm font-medium">
            {t('biometrics.sectionTitle')}
          </h3>
          <p className="text-xs text-muted" data-testid="face-recognition-summary">
            {status.enabled ? t('biometrics.onSummary') : t('biometrics.offSummary')}
          </p>
        </div>
        {status.enabled && props.canUpdate && (
          <button type="button" className={secondaryButton} onClick={() => setConfirmOff(true)} disabled={busy} data-testid="face-disable">
            {t('biometrics.disable')}
          </button>
        )}
      </div>
      {change && (status.enabled ? change.enabled : !change.enabled) && (
        <p className="text-sm" data-testid="face-recognition-change">
          {t(change.enabled ? 'biometrics.enabledBy' : 'biometrics.disabledBy', { name: change.byName, date: when(change.at) })}
        </p>
      )}
      {status.enabled && !status.acknowledged && (
        <p role="status" className={amber} data-testid="face-recognition-legacy">
          {t('biometrics.legacyOn')}
        </p>
      )}
      <p className="text-xs text-muted">{t('biometrics.enrolled', { enrolled: status.enrolledEmployees, descriptors: status.descriptorCount })}</p>
      {status.enabled && status.missingAlternative.length > 0 && (
        <p role="status" className={amber}>
          {t('biometrics.missingWarning', { names: status.missingAlternative.map((e) => e.name).join(', ') })}
        </p>
      )}
      {needsNotice && (
        <div className="flex flex-col gap-2 rounded-xl border border-line bg-primary-subtle/40 p-3 text-sm leading-relaxed sm:p-4" data-testid="face-notice">
          <h4 className="font-semibold">{t('biometrics.noticeTitle')}</h4>
          <p>{t('biometrics.notice1')}</p>
          <p>{t('biometrics.notice2')}</p>
          <p>{t('biometrics.notice3')}</p>
          <p>{t('biometrics.notice4')}</p>
          {props.canUpdate && (
            <>
              <label className="mt-1 flex items-start gap-3 font-medium">
                <input type="checkbox" className="mt-1 h-5 w-5 shrink-0 accent-[var(--primary)]" checked={acknowledged} onChange={(e) => setAcknowledged(e.target.checked)} data-testid="face-acknowledge" />
                <span>{t('biometrics.acknowledge')}</span>
              </label>
              <div>
                <button type="button" className={primaryButton} disabled={busy || !acknowledged} onClick={() => send({ enabled: true, acknowledged })} data-testid="face-enable">
                  {status.enabled ? t('biometrics.acknowledgeOnly') : t('biometrics.enable')}
                </button>
              </div>
            </>
          )}
        </div>
      )}
      {refusal && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="face-refusal">
          {refusal}
        </p>
      )}
      <div className="flex flex-col gap-2 border-t border-line pt-3">
        <h4 className="text-sm font-medium">{t('biometrics.dpiaTitle')}</h4>
        <p className="text-xs text-muted">{t('biometrics.dpiaText')}</p>
        <div className="flex flex-wrap gap-2">
          <a className={secondaryButton} href="/api/settings/face-recognition/dpia?lang=es" download data-testid="dpia-es">
            {t('biometrics.dpiaSpanish')}
          </a>
          <a className={secondaryButton} href="/api/settings/face-recognition/dpia?lang=en" download data-testid="dpia-en">
            {t('biometrics.dpiaEnglish')}
          </a>
        </div>
      </div>
      <Dialog open={confirmOff} title={t('biometrics.disableTitle')} onClose={() => setConfirmOff(false)} closeLabel={t('common.close')} size="sm">
        <p className="mb-4">{t('biometrics.disableText', { descriptors: status.descriptorCount, enrolled: status.enrolledEmployees })}</p>
        <label className="mb-6 flex items-start gap-3 text-sm font-medium">
          <input type="checkbox" className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--primary)]" checked={deleteDescriptors} onChange={(e) => setDeleteDescriptors(e.target.checked)} data-testid="face-delete-descriptors" />
          <span>{t('biometrics.deleteDescriptors')}</span>
        </label>
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={() => setConfirmOff(false)}>
            {t('form.cancel')}
          </button>
          <button type="button" className={dangerButton} disabled={busy} onClick={() => send({ enabled: false, deleteDescriptors })} data-testid="face-disable-confirm">
            {t('biometrics.disable')}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
