import { useState, type FormEvent, type ReactNode } from 'react';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';
import { inputClass, primaryButton } from '../ui/buttons.ts';

interface Props {
  lang: Language;
  employeeId: number;
  today: string;
}

/**
 * The employee page's two forms of decision 081: a pact of complementary hours (signed on, valid
 * from/to, share, collective agreement) and an offer of voluntary hours (date, minutes). The server
 * validates (translated field errors under each field); a success reloads the page's history.
 */
export default function ComplementaryHoursForms({ lang, employeeId, today }: Props) {
  const t = translator(lang);
  const { run, busy } = useApiAction(lang);
  const [pact, setPact] = useState({ signedOn: today, validFrom: today, validTo: '', sharePercent: '30', collectiveAgreement: false });
  const [offer, setOffer] = useState({ date: today, minutes: '60' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const send = (path: string, body: unknown, prefix: string) => (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    void run(() => api(path, { method: 'POST', body, lang }), {
      success: 'flash',
      then: 'reload',
      onFieldErrors: (fields) => setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${prefix}-${k}`, v]))),
    });
  };
  const field = (id: string, label: string, control: ReactNode) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {control}
      {errors[id] && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {errors[id]}
        </p>
      )}
    </div>
  );
  const aria = (id: string) => ({ 'aria-invalid': !!errors[id], 'aria-describedby': errors[id] ? `${id}-error` : undefined });

  return (
    <div className="flex flex-col gap-6">
      <form className="grid gap-3 sm:grid-cols-2" onSubmit={send(`/employees/${employeeId}/complementary-pacts`, { ...pact, validTo: pact.validTo || null }, 'pact')} data-testid="pact-form">
        <h3 className="font-semibold sm:col-span-2">{t('complementary.pactForm')}</h3>
        {field(
          'pact-signedOn',
          t('complementary.signedOn'),
          <input id="pact-signedOn" type="date" className={inputClass} value={pact.signedOn} onChange={(e) => setPact({ ...pact, signedOn: e.target.value })} {...aria('pact-signedOn')} />,
        )}
        {field(
          'pact-sharePercent',
          t('complementary.sharePercent'),
          <input
            id="pact-sharePercent"
            type="number"
            min={1}
            max={60}
            className={inputClass}
            value={pact.sharePercent}
            onChange={(e) => setPact({ ...pact, sharePercent: e.target.value })}
            {...aria('pact-sharePercent')}
          />,
        )}
        {field(
          'pact-validFrom',
          t('complementary.validFrom'),
          <input id="pact-validFrom" type="date" className={inputClass} value={pact.validFrom} onChange={(e) => setPact({ ...pact, validFrom: e.target.value })} {...aria('pact-validFrom')} />,
        )}
        {field(
          'pact-validTo',
          t('complementary.validTo'),
          <input id="pact-validTo" type="date" className={inputClass} value={pact.validTo} onChange={(e) => setPact({ ...pact, validTo: e.target.value })} {...aria('pact-validTo')} />,
        )}
        <label className="flex items-start gap-2 text-sm sm:col-span-2">
          <input type="checkbox" className="mt-1 h-4 w-4" checked={pact.collectiveAgreement} onChange={(e) => setPact({ ...pact, collectiveAgreement: e.target.checked })} />
          <span>{t('complementary.collectiveAgreement')}</span>
        </label>
        <div className="sm:col-span-2">
          <button type="submit" className={primaryButton} disabled={busy}>
            {t('complementary.recordPact')}
          </button>
        </div>
      </form>
      <form className="grid gap-3 sm:grid-cols-2" onSubmit={send('/complementary-offers', { employee: employeeId, ...offer }, 'offer')} data-testid="offer-form">
        <h3 className="font-semibold sm:col-span-2">{t('complementary.offerForm')}</h3>
        {field(
          'offer-date',
          t('complementary.offerDate'),
          <input id="offer-date" type="date" className={inputClass} value={offer.date} onChange={(e) => setOffer({ ...offer, date: e.target.value })} {...aria('offer-date')} />,
        )}
        {field(
          'offer-minutes',
          t('complementary.offerMinutes'),
          <input id="offer-minutes" type="number" min={1} max={720} className={inputClass} value={offer.minutes} onChange={(e) => setOffer({ ...offer, minutes: e.target.value })} {...aria('offer-minutes')} />,
        )}
        <div className="sm:col-span-2">
          <button type="submit" className={primaryButton} disabled={busy}>
            {t('complementary.offer')}
          </button>
        </div>
      </form>
    </div>
  );
}
