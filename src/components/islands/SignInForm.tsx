import { useState, type FormEvent } from 'react';
import type { Language } from '../../i18n/languages.ts';
import { translator } from '../../i18n/translate.ts';
import { api } from '../../lib/client/api.ts';
import { finishSignIn } from '../../lib/client/finish-sign-in.ts';
import { useApiAction } from '../../lib/client/use-api-action.ts';
import SecondFactorStep from './SecondFactorStep.tsx';
import TwoFactorSetupStep from './TwoFactorSetupStep.tsx';
import { useHydrated } from '../../lib/client/use-hydrated.ts';

interface Props {
  lang: Language;
  redirectUrl?: string | undefined;
}

type Step = { kind: 'password' } | { kind: 'second-factor'; ticket: string; methods: ('totp' | 'recovery' | 'passkey')[] } | { kind: 'setup'; ticket: string };

/**
 * Email + password form; on success goes to redirectUrl (local paths only) or the entry path. When
 * the account has a second factor, or its company requires one it lacks, the answer is a ticket and
 * the next step replaces the form (decision 090).
 */
export default function SignInForm({ lang, redirectUrl }: Props) {
  const t = translator(lang);
  const { run, busy } = useApiAction(lang);
  const hydrated = useHydrated();
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const restart = (message?: string) => {
    setStep({ kind: 'password' });
    setError(message);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(undefined);
    setFieldErrors({});
    const body = { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') };
    await run(() => api('POST /api/user/login', { lang, redirectOnExpiry: false, body }), {
      fallback: t('errors.unableToSignIn'),
      onError: setError,
      onFieldErrors: setFieldErrors,
      then: (answer) => {
        if ('secondFactor' in answer) return setStep({ kind: 'second-factor', ...answer.secondFactor });
        if ('twoFactorSetup' in answer) return setStep({ kind: 'setup', ticket: answer.twoFactorSetup.ticket });
        return finishSignIn(answer, redirectUrl);
      },
    });
  }

  if (step.kind === 'second-factor') return <SecondFactorStep lang={lang} redirectUrl={redirectUrl} ticket={step.ticket} methods={step.methods} onRestart={restart} />;
  if (step.kind === 'setup') return <TwoFactorSetupStep lang={lang} redirectUrl={redirectUrl} ticket={step.ticket} onRestart={restart} />;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="sign-in-form">
      {error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      )}
      <Field name="email" type="email" label={t('common.email')} autoComplete="username" error={fieldErrors['email']} />
      <Field name="password" type="password" label={t('common.password')} autoComplete="current-password" error={fieldErrors['password']} />
      <button type="submit" disabled={busy || !hydrated} className="control rounded-lg bg-primary px-4 font-semibold text-neutral hover:bg-primary-deep disabled:opacity-60">
        {busy ? t('common.loading') : t('signIn.submit')}
      </button>
    </form>
  );
}

export function Field(props: { name: string; type: string; label: string; autoComplete?: string; error?: string | undefined; hint?: string; optional?: boolean }) {
  const id = `field-${props.name}`;
  return (
    <label htmlFor={id} className="flex flex-col gap-1 text-sm font-medium">
      {props.label}
      <input
        id={id}
        name={props.name}
        type={props.type}
        autoComplete={props.autoComplete}
        required={!props.optional}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        className="control rounded-lg border border-field bg-card px-3 text-base font-normal text-ink focus:border-primary aria-invalid:border-red-600"
      />
      {props.hint && !props.error && <span className="text-xs font-normal text-muted">{props.hint}</span>}
      {props.error && (
        <span id={`${id}-error`} className="text-xs font-normal text-red-700 dark:text-red-400">
          {props.error}
        </span>
      )}
    </label>
  );
}
