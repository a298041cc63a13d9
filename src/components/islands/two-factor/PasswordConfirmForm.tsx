import { useState, type FormEvent } from 'react';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { dangerButton, inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';

/** The current password asked again before turning two-step sign-in off or making new recovery codes. */
export function PasswordConfirmForm(props: { lang: Language; text: string; submitLabel: string; danger?: boolean; busy: boolean; error: string | undefined; onSubmit: (password: string) => void; onCancel: () => void }) {
  const t = translator(props.lang);
  const [password, setPassword] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    props.onSubmit(password);
  }
  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-3" data-testid="password-confirm">
      <p className="text-sm">{props.text}</p>
      <label htmlFor="two-factor-password" className="text-sm font-medium">
        {t('common.password')}
      </label>
      <input
        id="two-factor-password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        className={inputClass}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? 'two-factor-password-error' : undefined}
      />
      {props.error && (
        <span id="two-factor-password-error" className="text-xs text-red-700 dark:text-red-400">
          {props.error}
        </span>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={props.danger ? dangerButton : primaryButton} disabled={props.busy} data-testid="password-confirm-submit">
          {props.busy ? t('common.loading') : props.submitLabel}
        </button>
        <button type="button" className={secondaryButton} onClick={props.onCancel}>
          {t('twoFactor.cancel')}
        </button>
      </div>
    </form>
  );
}
