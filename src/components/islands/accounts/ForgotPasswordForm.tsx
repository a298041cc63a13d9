import { useState, type FormEvent } from 'react';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import type { ForgotPasswordInput } from '#domain/accounts/account-links.ts';
import { api } from '#lib/client/api.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';
import { Field } from '../SignInForm.tsx';

/** "Forgot your password?": asks for a reset link; the answer is the same for any address (decision 066). */
export default function ForgotPasswordForm({ lang }: { lang: Language }) {
  const t = translator(lang);
  const { run, busy } = useApiAction(lang);
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(undefined);
    setFieldErrors({});
    const body: ForgotPasswordInput = { email: String(form.get('email') ?? '') };
    await run(() => api('POST /api/password/forgot', { lang, redirectOnExpiry: false, body }), {
      fallback: t('errors.somethingWentWrong'),
      onError: setError,
      onFieldErrors: setFieldErrors,
      then: (answer) => {
        setSent(answer.message);
      },
    });
  }

  if (sent)
    return (
      <p role="status" className="rounded-lg border border-line bg-card px-4 py-3 text-sm" data-testid="forgot-sent">
        {sent}
      </p>
    );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="forgot-form">
      {error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      )}
      <Field name="email" type="email" label={t('common.email')} autoComplete="username" error={fieldErrors['email']} />
      <button type="submit" disabled={busy} className="control rounded-lg bg-primary px-4 font-semibold text-neutral hover:bg-primary-deep disabled:opacity-60">
        {busy ? t('common.loading') : t('passwordReset.send')}
      </button>
    </form>
  );
}
