import { TERMINAL_METHOD_LABELS } from '#domain/terminals/terminal-labels.ts';
import { TERMINAL_METHODS, type TerminalMethod } from '#domain/terminals/terminal-rules.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { inputClass } from '../ui/buttons.ts';

export interface TerminalFields {
  name: string;
  location: string;
  methods: TerminalMethod[];
  /** The kiosk shows the door QR code (decision 069). */
  doorCode: boolean;
}

/**
 * Name, location and allowed methods of a terminal, for creating and editing. The server
 * validates (422 with field errors, shown under each field); the form only collects.
 */
export function TerminalFieldset(props: { lang: Language; value: TerminalFields; onChange: (value: TerminalFields) => void; errors: Record<string, string>; idPrefix: string }) {
  const t = translator(props.lang);
  const { value, errors, idPrefix } = props;
  const error = (field: string) =>
    errors[field] && (
      <span id={`${idPrefix}-${field}-error`} className="text-xs text-red-700 dark:text-red-400">
        {errors[field]}
      </span>
    );
  const toggle = (method: TerminalMethod, on: boolean) => props.onChange({ ...value, methods: TERMINAL_METHODS.filter((m) => (m === method ? on : value.methods.includes(m))) });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">
          {t('terminals.name')}{' '}
          <span aria-hidden="true" className="text-red-700 dark:text-red-400">
            *
          </span>
        </span>
        <input
          type="text"
          required
          maxLength={80}
          value={value.name}
          onChange={(e) => props.onChange({ ...value, name: e.target.value })}
          placeholder={t('terminals.namePlaceholder')}
          className={inputClass}
          aria-invalid={!!errors['name']}
          aria-describedby={errors['name'] ? `${idPrefix}-name-error` : undefined}
          data-testid={`${idPrefix}-name`}
        />
        {error('name')}
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t('terminals.location')}</span>
        <input
          type="text"
          maxLength={120}
          value={value.location}
          onChange={(e) => props.onChange({ ...value, location: e.target.value })}
          placeholder={t('terminals.locationPlaceholder')}
          className={inputClass}
          aria-invalid={!!errors['location']}
          data-testid={`${idPrefix}-location`}
        />
        {error('location')}
      </label>
      <fieldset className="flex flex-col gap-2 text-sm sm:col-span-2" aria-invalid={!!errors['methods']}>
        <legend className="mb-1 font-medium">{t('terminals.methods')}</legend>
        <div className="flex flex-wrap gap-2">
          {TERMINAL_METHODS.map((method) => (
            <label key={method} className="flex min-h-11 items-center gap-2 rounded-lg border border-field px-3 has-[:checked]:border-primary has-[:checked]:bg-primary-subtle">
              <input type="checkbox" className="h-4 w-4 accent-[var(--primary)]" checked={value.methods.includes(method)} onChange={(e) => toggle(method, e.target.checked)} data-testid={`${idPrefix}-method-${method}`} />
              {t(TERMINAL_METHOD_LABELS[method])}
            </label>
          ))}
        </div>
        {errors['methods'] ? error('methods') : <span className="text-xs text-muted">{t('terminals.methodsHint')}</span>}
      </fieldset>
      <label className="flex items-start gap-3 text-sm sm:col-span-2">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-[var(--primary)]"
          checked={value.doorCode}
          onChange={(e) => props.onChange({ ...value, doorCode: e.target.checked })}
          data-testid={`${idPrefix}-door-code`}
        />
        <span className="flex flex-col gap-0.5">
          <span className="font-medium">{t('terminals.doorCode')}</span>
          <span className="text-xs text-muted">{t('terminals.doorCodeHint')}</span>
        </span>
      </label>
    </div>
  );
}
