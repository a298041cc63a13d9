import { useEffect, useState } from 'react';
import { KIND_LABELS, type AccountNotificationsDto } from '../../domain/notifications/notification-preferences.ts';
import type { Language } from '../../i18n/languages.ts';
import { translator } from '../../i18n/translate.ts';
import { api } from '../../lib/client/api.ts';
import { inputClass, primaryButton } from './ui/buttons.ts';
import { useApiAction } from '../../lib/client/use-api-action.ts';

interface Props {
  lang: Language;
}

/**
 * My account › My notifications (decision 055): the language of my emails and which optional
 * messages I receive. Always the signed-in account's own (GET/PUT /api/account/notifications).
 * Its toasts show in the page's toaster (the password form's).
 */
export default function MyNotificationsForm({ lang }: Props) {
  const t = translator(lang);
  const [data, setData] = useState<AccountNotificationsDto | null>(null);
  const [failed, setFailed] = useState(false);
  const { run, busy } = useApiAction(lang);

  useEffect(() => {
    api('GET /api/account/notifications', { lang })
      .then((answer) => setData(answer.data))
      .catch(() => setFailed(true));
  }, [lang]);

  async function save() {
    if (!data) return;
    const body = { language: data.language, muted: data.kinds.filter((k) => k.muted).map((k) => k.kind) };
    await run(() => api('PUT /api/account/notifications', { body, lang }), {
      success: 'toast',
      then: (answer) => setData(answer.data),
    });
  }

  if (failed)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        {t('notifications.loadFailed')}
      </p>
    );
  if (!data) return <p className="text-sm text-muted">{t('common.loading')}</p>;

  return (
    <div className="flex flex-col gap-4" data-testid="my-notifications">
      <p className="break-words text-sm text-muted">{t('notifications.accountIntro', { email: data.email })}</p>
      <label className="flex max-w-sm flex-col gap-1 text-sm font-medium" htmlFor="my-notifications-language">
        {t('notifications.accountLanguage')}
        <select
          id="my-notifications-language"
          className={inputClass}
          value={data.language ?? ''}
          onChange={(e) => setData({ ...data, language: e.target.value === '' ? null : (e.target.value as Language) })}
          data-testid="my-notifications-language"
        >
          <option value="">{t('notifications.languageDefault')}</option>
          <option value="es">Español</option>
          <option value="en">English</option>
        </select>
      </label>
      <fieldset className="flex flex-col gap-2" disabled={busy}>
        <legend className="mb-1 text-sm font-medium">{t('notifications.receive')}</legend>
        {data.kinds.map((k) => (
          <label key={k.kind} className="flex items-center gap-3 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 shrink-0 accent-[var(--primary)]"
              checked={!k.muted}
              onChange={(e) => setData({ ...data, kinds: data.kinds.map((x) => (x.kind === k.kind ? { ...x, muted: !e.target.checked } : x)) })}
              data-testid={`my-notify-${k.kind}`}
            />
            {t(KIND_LABELS[k.kind])}
          </label>
        ))}
      </fieldset>
      <div>
        <button type="button" className={primaryButton} onClick={() => void save()} disabled={busy} data-testid="my-notifications-save">
          {t('notifications.accountSave')}
        </button>
      </div>
    </div>
  );
}
