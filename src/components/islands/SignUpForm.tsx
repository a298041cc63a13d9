import { useState, type FormEvent } from 'react';
import { entryPath } from '../../domain/routing/entry-path.ts';
import type { Language } from '../../i18n/languages.ts';
import { translator } from '../../i18n/translate.ts';
import { api, ApiError } from '../../lib/client/api.ts';
import { setSignedIn } from '../../lib/client/session-store.ts';
import type { SessionUserDto } from '../../domain/auth/session-user-dto.ts';
import { Field } from './SignInForm.tsx';

/** First-run setup: company, first SuperAdmin, optional demo data. */
export default function SignUpForm({ lang }: { lang: Language }) {
  const t = translator(lang);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('confirmPassword') ?? '')) {
      setFieldErrors({ confirmPassword: t('password.mismatch') });
      return;
    }
    setBusy(true);
    setError(undefined);
    setFieldErrors({});
    try {
      const answer = await api<{ user: SessionUserDto }>('/sign-up', {
        method: 'POST',
        lang,
        redirectOnExpiry: false,
        body: {
          company: String(form.get('company') ?? ''),
          full_name: String(form.get('full_name') ?? ''),
          email: String(form.get('email') ?? ''),
          password,
          demo: form.get('demo') === 'on',
        },
      });
      setSignedIn(answer.user);
      window.location.assign(entryPath(answer.user.account_type));
    } catch (e) {
      setError(e instanceof ApiError && e.message ? e.message : t('errors.unableToSignUp'));
      if (e instanceof ApiError) setFieldErrors(e.errors);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="sign-up-form">
      {error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      )}
      <Field name="company" type="text" label={t('signUp.companyLabel')} autoComplete="organization" error={fieldErrors['company']} />
      <Field name="full_name" type="text" label={t('common.fullName')} autoComplete="name" error={fieldErrors['full_name']} />
      <Field name="email" type="email" label={t('common.email')} autoComplete="username" error={fieldErrors['email']} />
      <Field name="password" type="password" label={t('common.password')} autoComplete="new-password" error={fieldErrors['password']} hint={t('signUp.passwordHint')} />
      <Field name="confirmPassword" type="password" label={t('common.confirmPassword')} autoComplete="new-password" error={fieldErrors['confirmPassword']} />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="demo" className="mt-1 h-4 w-4" />
        <span>{t('signUp.demo')}</span>
      </label>
      <button type="submit" disabled={busy} className="control rounded-lg bg-primary px-4 font-semibold text-neutral hover:bg-primary-deep disabled:opacity-60">
        {busy ? t('common.loading') : t('signUp.submit')}
      </button>
    </form>
  );
}
