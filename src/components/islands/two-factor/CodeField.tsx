import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { inputClass } from '../ui/buttons.ts';

/**
 * The code input of two-step sign-in: a TOTP code (numeric keyboard, `one-time-code` so phones
 * offer it) or a recovery code (text). The error is read out with the field.
 */
export function CodeField(props: { lang: Language; kind: 'totp' | 'recovery'; label: string; hint?: string; error?: string | undefined }) {
  const t = translator(props.lang);
  const id = `code-${props.kind}`;
  const describedBy = props.error ? `${id}-error` : props.hint ? `${id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {props.label}
      </label>
      <input
        id={id}
        name="code"
        type="text"
        required
        autoFocus
        autoComplete={props.kind === 'totp' ? 'one-time-code' : 'off'}
        inputMode={props.kind === 'totp' ? 'numeric' : 'text'}
        pattern={props.kind === 'totp' ? '[0-9 ]*' : undefined}
        maxLength={props.kind === 'totp' ? 7 : 11}
        spellCheck={false}
        autoCapitalize="off"
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClass} font-mono tracking-widest`}
        data-testid="code-input"
      />
      {props.error ? (
        <span id={`${id}-error`} className="text-xs text-red-700 dark:text-red-400">
          {props.error}
        </span>
      ) : (
        props.hint && (
          <span id={`${id}-hint`} className="text-xs text-muted">
            {props.hint}
          </span>
        )
      )}
      <span className="sr-only">{t('twoFactor.codeFormat')}</span>
    </div>
  );
}
