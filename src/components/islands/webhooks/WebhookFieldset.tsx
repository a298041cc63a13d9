import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEvent } from '#domain/webhooks/webhook-events.ts';
import { WEBHOOK_FORMAT_LABELS, WEBHOOK_FORMATS, type WebhookFormat } from '#domain/webhooks/webhook-formats.ts';
import { WEBHOOK_DESCRIPTION_MAX } from '#domain/webhooks/webhook-input.ts';
import { WEBHOOK_URL_MAX } from '#domain/webhooks/webhook-url.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { inputClass } from '../ui/buttons.ts';

export interface WebhookFields {
  url: string;
  description: string;
  events: WebhookEvent[];
  format: WebhookFormat;
}

/**
 * Address, description, format and events of a webhook, for registering and editing. The server validates
 * (422 with field errors, shown under each field); the form only collects.
 */
export function WebhookFieldset(props: { lang: Language; value: WebhookFields; onChange: (value: WebhookFields) => void; errors: Record<string, string>; idPrefix: string }) {
  const t = translator(props.lang);
  const { value, errors, idPrefix } = props;
  const error = (field: string) =>
    errors[field] && (
      <span id={`${idPrefix}-${field}-error`} className="text-xs text-red-700 dark:text-red-400" data-testid={`${idPrefix}-${field}-error`}>
        {errors[field]}
      </span>
    );
  const toggle = (event: WebhookEvent, on: boolean) => props.onChange({ ...value, events: WEBHOOK_EVENTS.filter((e) => (e === event ? on : value.events.includes(e))) });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <label className="flex flex-col gap-1 text-sm sm:col-span-2">
        <span className="font-medium">
          {t('webhooks.url')}{' '}
          <span aria-hidden="true" className="text-red-700 dark:text-red-400">
            *
          </span>
        </span>
        <input
          type="url"
          inputMode="url"
          required
          maxLength={WEBHOOK_URL_MAX}
          value={value.url}
          onChange={(e) => props.onChange({ ...value, url: e.target.value })}
          placeholder={t('webhooks.urlPlaceholder')}
          className={`${inputClass} font-mono`}
          aria-invalid={!!errors['url']}
          aria-describedby={errors['url'] ? `${idPrefix}-url-error` : undefined}
          data-testid={`${idPrefix}-url`}
        />
        {error('url')}
      </label>
      <label className="flex flex-col gap-1 text-sm sm:col-span-2">
        <span className="font-medium">{t('webhooks.description')}</span>
        <input
          type="text"
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          value={value.description}
          onChange={(e) => props.onChange({ ...value, description: e.target.value })}
          placeholder={t('webhooks.descriptionPlaceholder')}
          className={inputClass}
          aria-invalid={!!errors['description']}
          data-testid={`${idPrefix}-description`}
        />
        {error('description')}
      </label>
      <label className="flex flex-col gap-1 text-sm sm:col-span-2">
        <span className="font-medium">{t('webhooks.format')}</span>
        <select
          value={value.format}
          onChange={(e) => props.onChange({ ...value, format: e.target.value as WebhookFormat })}
          className={inputClass}
          aria-invalid={!!errors['format']}
          aria-describedby={`${idPrefix}-format-help`}
          data-testid={`${idPrefix}-format`}
        >
          {WEBHOOK_FORMATS.map((format) => (
            <option key={format} value={format}>
              {t(WEBHOOK_FORMAT_LABELS[format])}
            </option>
          ))}
        </select>
        <span id={`${idPrefix}-format-help`} className="text-xs text-muted">
          {t('webhooks.formatHelp')}
        </span>
        {error('format')}
      </label>
      <fieldset className="flex flex-col gap-2 text-sm sm:col-span-2" aria-invalid={!!errors['events']}>
        <legend className="mb-1 font-medium">{t('webhooks.events.legend')}</legend>
        <div className="flex flex-wrap gap-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex min-h-11 items-center gap-2 rounded-lg border border-field px-3 has-[:checked]:border-primary has-[:checked]:bg-primary-subtle">
              <input type="checkbox" className="h-4 w-4 accent-[var(--primary)]" checked={value.events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} data-testid={`${idPrefix}-event-${event}`} />
              <span>
                {t(WEBHOOK_EVENT_LABELS[event])} <code className="text-xs text-muted">{event}</code>
              </span>
            </label>
          ))}
        </div>
        {errors['events'] ? error('events') : <span className="text-xs text-muted">{t('webhooks.eventsHint')}</span>}
      </fieldset>
    </div>
  );
}
