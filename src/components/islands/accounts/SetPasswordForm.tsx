import { useState, type FormEvent } from 'react';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { entryPath } from '#domain/routing/entry-path.ts';
import { api } from '#lib/client/api.ts';
import { setSignedIn } from '#lib/client/session-store.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';
import { Field } from '../SignInForm.tsx';
import { useHydrated } from '#lib/client/use-hydrated.ts';

interface Props {
  lang: Language;
  /** An invitation creates the account; a reset replaces the password (decision 066). */
  mode: 'invitation' | 'reset';
  token: string;
  /** Null: an invitation of a worker without an address, who types the one to sign in with (issue 37). */
  email: string | null;
}

/** The worker chooses their password (spec §5's policy) from a one-time link, then lands signed in. */
export default function SetPasswordForm({ lang, mode, token, email }: Props) {
  const t = translator(lang);
  const { run, busy } = useApiAction(lang);
  const hydrated = useHydrated();
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(undefined);
    setFieldErrors({});
    const chosen = email === null ? { email: String(form.get('email') ?? '') } : {};
    const body = { token, password: String(form.get('password') ?? ''), confirmPassword: String(form.get('confirmPassword') ?? '') };
    const send = async () =>
      mode === 'invitation' ? await api('POST /api/invitations/accept', { lang, redirectOnExpiry: false, body: { ...body, ...chosen } }) : await api('POST /api/password/reset', { lang, redirectOnExpiry: false, body });
    await run(send, {
      fallback: t('errors.somethingWentWrong'),
      onError: setError,
      onFieldErrors: setFieldErrors,
      then: (answer) => {
        setSignedIn(answer.user);
        return { assign: entryPath(answer.user.account_type, answer.user.role) };
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="set-password-form">
      {error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      )}
      {email === null ? (
        <Field name="email" type="email" label={t('accountLinks.chooseEmail')} autoComplete="username" error={fieldErrors['email']} hint={t('accountLinks.chooseEmailHint')} />
      ) : (
        <>
          <p className="rounded-lg bg-primary-subtle px-3 py-2 text-sm break-all">
            {t('accountLinks.signInWith')} <strong data-testid="account-email">{email}</strong>
          </p>
          {/* For the browser's password manager: the account this password belongs to. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        </>
      )}
      <Field name="password" type="password" label={t('accountLinks.newPassword')} autoComplete="new-password" error={fieldErrors['password']} hint={t('signUp.passwordHint')} />
      <Field name="confirmPassword" type="password" label={t('accountLinks.confirmPassword')} autoComplete="new-password" error={fieldErrors['confirmPassword']} />
      <button type="submit" disabled={busy || !hydrated} className="control rounded-lg bg-primary px-4 font-semibold text-neutral hover:bg-primary-deep disabled:opacity-60" data-testid="set-password-submit">
        {busy ? t('common.loading') : t(mode === 'invitation' ? 'invitations.submit' : 'passwordReset.submit')}
      </button>
    </form>
  );
}
