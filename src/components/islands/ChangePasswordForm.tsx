import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { AppToaster } from './ui/AppToaster.tsx';
import type { Language } from '../../i18n/languages.ts';
import { translator } from '../../i18n/translate.ts';
import { api } from '../../lib/client/api.ts';
import { passwordProblems } from '../../domain/auth/password-rules.ts';
import { inputClass, primaryButton } from './ui/buttons.ts';
import { useApiAction } from '../../lib/client/use-api-action.ts';
import { useHydrated } from '../../lib/client/use-hydrated.ts';

const FIELDS = [
  ['currentPassword', 'account.currentPassword', 'current-password'],
  ['newPassword', 'account.newPassword', 'new-password'],
  ['confirmPassword', 'common.confirmPassword', 'new-password'],
] as const;

/**
 * Change password (spec section 5): current password required, the password rules with one
 * message per missing class, confirmation must match. The server ends the user's other sessions.
 */
export default function ChangePasswordForm({ lang }: { lang: Language }) {
  const t = translator(lang);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { run, busy } = useApiAction(lang);
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formEl = event.currentTarget;
    const form = new FormData(formEl);
    const values = Object.fromEntries(FIELDS.map(([name]) => [name, String(form.get(name) ?? '')]));
    const local: Record<string, string> = {};
    for (const [name] of FIELDS) if (!values[name]) local[name] = t('validation.fillAllFields');
    const [problem] = passwordProblems(values['newPassword'] ?? '');
    if (values['newPassword'] && problem) local['newPassword'] = t(problem);
    if (values['confirmPassword'] && values['newPassword'] !== values['confirmPassword']) local['confirmPassword'] = t('password.mismatch');
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    await run(() => api('POST /api/account/password', { body: { currentPassword: values['currentPassword'] ?? '', newPassword: values['newPassword'] ?? '', confirmPassword: values['confirmPassword'] ?? '' }, lang }), {
      success: 'toast',
      then: () => formEl.reset(),
      onFieldErrors: setErrors,
      // Field errors show under their fields; a toast only for a refusal without them.
      onError: (message, failure) => {
        if (Object.keys(failure.fields).length === 0) toast.error(message);
      },
    });
  }

  return (
    <>
      <AppToaster />
      <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4" data-testid="change-password">
        {FIELDS.map(([name, label, autoComplete]) => (
          <div key={name} className="flex flex-col gap-1">
            <label htmlFor={`pw-${name}`} className="text-sm font-medium">
              {t(label)}
            </label>
            <input id={`pw-${name}`} name={name} type="password" autoComplete={autoComplete} className={inputClass} aria-invalid={!!errors[name]} aria-describedby={errors[name] ? `pw-${name}-error` : undefined} />
            {errors[name] ? (
              <span id={`pw-${name}-error`} className="text-xs text-red-700 dark:text-red-400">
                {errors[name]}
              </span>
            ) : (
              name === 'newPassword' && <span className="text-xs text-muted">{t('signUp.passwordHint')}</span>
            )}
          </div>
        ))}
        <div>
          <button type="submit" className={primaryButton} disabled={busy || !hydrated}>
            {busy ? t('common.loading') : t('account.changePassword')}
          </button>
        </div>
      </form>
    </>
  );
}
