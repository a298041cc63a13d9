import { useEffect, useState } from 'react';
import { CalendarArrowDown } from 'lucide-react';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import type { AnswerOf } from '#domain/api/contract.ts';
import type { ApiContracts } from '#domain/api/contracts/index.ts';
import { api } from '#lib/client/api.ts';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { useOptions } from '../ui/use-options.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';

type Places = AnswerOf<ApiContracts['GET /api/holidays/places']>;
type Planned = AnswerOf<ApiContracts['GET /api/holidays/import']>['holidays'][number];
const SOURCE_LABEL: Record<Planned['source'], string> = {
  boe: 'holidays.import.source.boe',
  region: 'holidays.import.source.region',
  city: 'holidays.import.source.city',
  library: 'holidays.import.source.library',
};
interface Choice {
  company: string;
  country: string;
  region: string;
  year: string;
}

/**
 * Public holiday import (decision 053): company, country, region and year; "Show holidays" asks
 * the server for the plan (nothing written), the import writes the new ones. The holiday list
 * below refreshes on the write (the api helper's saved event).
 */
export default function HolidayImport({ lang, year }: { lang: Language; year: number }) {
  const t = translator(lang);
  const companies = useOptions<{ _id: number; name: string }>('/companies?pageSize=1000&sort=name', lang);
  const [choice, setChoice] = useState<Choice>({ company: '', country: 'ES', region: '', year: String(year) });
  const [places, setPlaces] = useState<Pick<Places, 'countries' | 'regions'>>({ countries: [], regions: [] });
  const [plan, setPlan] = useState<Planned[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { run, busy } = useApiAction(lang);

  // The only company is chosen for the user.
  useEffect(() => {
    if (companies.options.length === 1 && !choice.company) setChoice((c) => ({ ...c, company: String(companies.options[0]!._id) }));
  }, [companies.options]); // eslint-disable-line react-hooks/exhaustive-deps -- chooses the only company when the options arrive, not again after the user's choice
  useEffect(() => {
    api('GET /api/holidays/places', { query: { country: choice.country }, lang })
      .then((res) => setPlaces(res))
      .catch(() => setPlaces((p) => ({ ...p, regions: [] })));
  }, [choice.country, lang]);

  const change = (field: keyof Choice, value: string) => {
    setChoice((c) => ({ ...c, [field]: value, ...(field === 'country' ? { region: '' } : {}) }));
    setPlan(null);
    setErrors({});
  };
  const body = () => ({ company: choice.company, country: choice.country, region: choice.region || null, year: choice.year });
  const preview = async () => {
    const query = { company: choice.company, country: choice.country, region: choice.region, year: choice.year };
    await run(() => api('GET /api/holidays/import', { query, lang }), {
      onFieldErrors: setErrors,
      then: (answer) => {
        setPlan(answer.holidays);
        setErrors({});
      },
    });
  };
  const save = async () => {
    await run(() => api('POST /api/holidays/import', { body: body(), lang }), {
      onFieldErrors: setErrors,
      success: 'toast',
      then: () => setPlan(null),
    });
  };

  const fresh = plan?.filter((h) => h.status === 'new').length ?? 0;
  const date = (d: string) => new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`));
  const field = (name: keyof Choice, label: string, control: React.ReactNode) => (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={`import-${name}`} className="text-sm font-medium">
        {label}
      </label>
      {control}
      {errors[name] && (
        <p id={`import-${name}-error`} className="text-xs text-red-700 dark:text-red-400" data-testid={`import-error-${name}`}>
          {t(errors[name])}
        </p>
      )}
    </div>
  );
  const aria = (name: keyof Choice) => ({ id: `import-${name}`, 'aria-invalid': !!errors[name], 'aria-describedby': errors[name] ? `import-${name}-error` : undefined });

  return (
    <details className="mb-6 rounded-2xl border border-line bg-card" data-testid="holiday-import">
      <summary className="flex cursor-pointer items-center gap-2 px-6 py-4 text-base font-semibold">
        <CalendarArrowDown size={18} aria-hidden="true" />
        {t('holidays.import.title')}
      </summary>
      <div className="flex flex-col gap-4 border-t border-line px-6 py-4">
        <p className="text-sm text-muted">{t('holidays.import.intro')}</p>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {field(
            'company',
            t('holidays.import.company'),
            <select {...aria('company')} className={inputClass} value={choice.company} onChange={(e) => change('company', e.target.value)}>
              <option value="">{t('form.choose')}</option>
              {companies.options.map((c) => (
                <option key={c._id} value={c._id}>
                  {c.name}
                </option>
              ))}
            </select>,
          )}
          {field(
            'country',
            t('holidays.import.country'),
            <select {...aria('country')} className={inputClass} value={choice.country} onChange={(e) => change('country', e.target.value)}>
              {places.countries.length === 0 && <option value={choice.country}>{choice.country}</option>}
              {places.countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>,
          )}
          {field(
            'region',
            t('holidays.import.region'),
            <select {...aria('region')} className={inputClass} value={choice.region} onChange={(e) => change('region', e.target.value)}>
              <option value="">{t('holidays.import.wholeCountry')}</option>
              {places.regions.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </select>,
          )}
          {field(
            'year',
            t('holidays.import.year'),
            <input {...aria('year')} type="number" inputMode="numeric" min={1970} max={2100} className={inputClass} value={choice.year} onChange={(e) => change('year', e.target.value)} />,
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={secondaryButton} onClick={preview} disabled={busy} data-testid="import-preview">
            {t('holidays.import.preview')}
          </button>
          {plan && fresh > 0 && (
            <button type="button" className={primaryButton} onClick={save} disabled={busy} data-testid="import-confirm">
              {t('holidays.import.confirm', { count: fresh })}
            </button>
          )}
        </div>
        {plan && (
          <div data-testid="import-plan">
            {plan.length === 0 ? (
              <p className="text-sm text-muted">{t('holidays.import.none')}</p>
            ) : (
              <>
                {fresh === 0 && <p className="mb-2 text-sm text-muted">{t('holidays.import.nothingNew')}</p>}
                {/* A list rather than a table: it wraps on a phone instead of scrolling sideways. */}
                <ul className="divide-y divide-line border-y border-line text-sm" aria-label={t('holidays.import.title')}>
                  {plan.map((h) => (
                    <li key={h.date} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-1 py-2" data-testid="import-row" data-status={h.status} data-date={h.date}>
                      <span className="min-w-0">
                        <span className="me-3 whitespace-nowrap tabular-nums text-muted">{date(h.date)}</span>
                        <span className="font-medium">{h.name}</span>
                        <span className="ms-2 text-xs text-muted" data-testid="import-source">
                          {t(SOURCE_LABEL[h.source])}
                        </span>
                      </span>
                      <span className={h.status === 'new' ? 'font-medium text-accent' : 'text-muted'}>
                        {h.status === 'new' ? t('holidays.import.statusNew') : t('holidays.import.statusExists', { name: h.existingName ?? '' })}
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
      </div>
    </details>
  );
}
