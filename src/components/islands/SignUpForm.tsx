import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { signUpErrors } from '../../domain/auth/sign-up-errors.ts';
import { proposeCountry, proposeTimeZone, type Country } from '../../domain/settings/first-run-zone.ts';
import { COUNTRIES, timeZones } from '../../domain/settings/settings-schema.ts';
import { entryPath } from '../../domain/routing/entry-path.ts';
import type { Language } from '../../i18n/languages.ts';
import { translator } from '../../i18n/translate.ts';
import { api } from '../../lib/client/api.ts';
import { setSignedIn } from '../../lib/client/session-store.ts';
import { Field } from './SignInForm.tsx';
import { useApiAction } from '../../lib/client/use-api-action.ts';
import { useHydrated } from '../../lib/client/use-hydrated.ts';

const selectClass = 'control rounded-lg border border-field bg-card px-3 text-base font-normal text-ink focus:border-primary aria-invalid:border-red-600';

/** First-run setup: company and its optional tax ID, country and time zone, first SuperAdmin, optional demo data. */
export default function SignUpForm({ lang }: { lang: Language }) {
  const t = translator(lang);
  const { run, busy } = useApiAction(lang);
  const hydrated = useHydrated();
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [country, setCountry] = useState('');
  const [timezone, setTimezone] = useState('');
  const [zones, setZones] = useState<string[]>([]);
  const regionNames = useMemo(() => new Intl.DisplayNames([lang === 'es' ? 'es-ES' : 'en-GB'], { type: 'region' }), [lang]);

  // Proposed from this browser after hydration (the server cannot know it): its zone and the
  // country of that zone or of its language. The owner can change both.
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    setZones(timeZones());
    setTimezone((current) => current || (proposeTimeZone(zone) ?? ''));
    setCountry((current) => current || (proposeCountry(navigator.language, zone) ?? ''));
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      company: String(form.get('company') ?? ''),
      taxId: String(form.get('taxId') ?? ''),
      full_name: String(form.get('full_name') ?? ''),
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
      confirmPassword: String(form.get('confirmPassword') ?? ''),
      // A code of COUNTRIES once chosen (signUpErrors below and the server refuse any other).
      country: country as Country,
      timezone,
      demo: form.get('demo') === 'on',
    };
    const invalid = signUpErrors(body);
    if (Object.keys(invalid).length > 0) {
      setError(t('validation.invalidInput'));
      setFieldErrors(Object.fromEntries(Object.entries(invalid).map(([field, key]) => [field, t(key)])));
      return;
    }
    setError(undefined);
    setFieldErrors({});
    await run(() => api('POST /api/sign-up', { lang, redirectOnExpiry: false, body }), {
      fallback: t('errors.unableToSignUp'),
      onError: setError,
      onFieldErrors: setFieldErrors,
      then: (answer) => {
        setSignedIn(answer.user);
        return { assign: entryPath(answer.user.account_type) };
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="sign-up-form">
      {error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      )}
      <Field name="company" type="text" label={t('signUp.companyLabel')} autoComplete="organization" error={fieldErrors['company']} />
      <Field name="taxId" type="text" label={t('signUp.taxIdLabel')} autoComplete="off" error={fieldErrors['taxId']} hint={t('signUp.taxIdHint')} optional />
      <label htmlFor="field-country" className="flex flex-col gap-1 text-sm font-medium">
        {t('settings.country')}
        <select
          id="field-country"
          name="country"
          value={country}
          onChange={(e) => setCountry(e.target.value)}
          required
          aria-invalid={fieldErrors['country'] ? true : undefined}
          aria-describedby={fieldErrors['country'] ? 'field-country-error' : undefined}
          className={selectClass}
        >
          <option value="">{t('signUp.chooseCountry')}</option>
          {COUNTRIES.map((code) => (
            <option key={code} value={code}>
              {regionNames.of(code === 'UK' ? 'GB' : code)}
            </option>
          ))}
        </select>
        {fieldErrors['country'] && (
          <span id="field-country-error" className="text-xs font-normal text-red-700 dark:text-red-400">
            {fieldErrors['country']}
          </span>
        )}
      </label>
      <label htmlFor="field-timezone" className="flex flex-col gap-1 text-sm font-medium">
        {t('settings.timezone')}
        <input
          id="field-timezone"
          name="timezone"
          list="sign-up-timezones"
          value={timezone}
          onChange={(e) => setTimezone(e.target.value)}
          autoComplete="off"
          required
          aria-invalid={fieldErrors['timezone'] ? true : undefined}
          aria-describedby={fieldErrors['timezone'] ? 'field-timezone-error' : 'field-timezone-hint'}
          className={selectClass}
        />
        <datalist id="sign-up-timezones">
          {zones.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        {fieldErrors['timezone'] ? (
          <span id="field-timezone-error" className="text-xs font-normal text-red-700 dark:text-red-400">
            {fieldErrors['timezone']}
          </span>
        ) : (
          <span id="field-timezone-hint" className="text-xs font-normal text-muted">
            {t('signUp.timezoneHint')}
          </span>
        )}
      </label>
      <Field name="full_name" type="text" label={t('common.fullName')} autoComplete="name" error={fieldErrors['full_name']} />
      <Field name="email" type="email" label={t('common.email')} autoComplete="username" error={fieldErrors['email']} />
      <Field name="password" type="password" label={t('common.password')} autoComplete="new-password" error={fieldErrors['password']} hint={t('signUp.passwordHint')} />
      <Field name="confirmPassword" type="password" label={t('common.confirmPassword')} autoComplete="new-password" error={fieldErrors['confirmPassword']} />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="demo" className="mt-1 h-4 w-4" />
        <span>{t('signUp.demo')}</span>
      </label>
      <button type="submit" disabled={busy || !hydrated} className="control rounded-lg bg-primary px-4 font-semibold text-neutral hover:bg-primary-deep disabled:opacity-60">
        {busy ? t('common.loading') : t('signUp.submit')}
      </button>
    </form>
  );
}
