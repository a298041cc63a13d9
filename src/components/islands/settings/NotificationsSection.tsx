import { useEffect, useState } from 'react';
import { KIND_LABELS, MINUTES_KINDS, MISSED_CHECK_IN_MINUTES_RANGE, TO_MANAGERS_KINDS, type CompanyKindSetting, type CompanyNotificationsDto } from '#domain/notifications/notification-preferences.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { inputClass, primaryButton } from '../ui/buttons.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';

interface Props {
  lang: Language;
  canUpdate: boolean;
}

const check = 'h-4 w-4 shrink-0 accent-[var(--primary)]';

/**
 * Settings › Notifications (decision 055): per company, each kind on or off, "also to their
 * managers" for missing check-out and missed check-in, and the minutes after the scheduled start
 * for a missed check-in. Loads and saves through GET/PUT /api/settings/notifications.
 */
export function NotificationsSection({ lang, canUpdate }: Props) {
  const t = translator(lang);
  const [data, setData] = useState<CompanyNotificationsDto | null>(null);
  const [rows, setRows] = useState<CompanyKindSetting[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { run, busy } = useApiAction(lang);
  const [failed, setFailed] = useState(false);

  async function load(companyId?: number) {
    setFailed(false);
    try {
      const answer = await api('GET /api/settings/notifications', { query: { companyId: companyId || undefined }, lang });
      setData(answer.data);
      setRows(answer.data.settings);
      setErrors({});
    } catch {
      setFailed(true);
    }
  }

  useEffect(() => {
    void load();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- loaded once, on mount

  const change = (kind: string, patch: Partial<CompanyKindSetting>) => setRows((list) => list.map((r) => (r.kind === kind ? { ...r, ...patch } : r)));

  async function save() {
    if (!data) return;
    setErrors({});
    await run(() => api('PUT /api/settings/notifications', { query: { companyId: data.companyId }, body: { settings: rows }, lang }), {
      onFieldErrors: setErrors,
      success: 'toast',
      then: (answer) => {
        setData(answer.data);
        setRows(answer.data.settings);
      },
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
    <div className="flex flex-col gap-5" data-testid="notification-settings">
      <p className="text-sm text-muted">{t('notifications.intro')}</p>
      {!data.mailConfigured && (
        <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="notifications-mail-off">
          {t('notifications.mailOff')}
        </p>
      )}
      {data.companies.length > 1 && (
        <label className="flex max-w-sm flex-col gap-1 text-sm font-medium">
          {t('notifications.company')}
          <select className={inputClass} value={data.companyId} onChange={(e) => void load(Number(e.target.value))} data-testid="notifications-company">
            {data.companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <fieldset disabled={!canUpdate || busy} className="flex flex-col divide-y divide-line rounded-xl border border-line">
        <legend className="sr-only">{t('notifications.section')}</legend>
        {rows.map((row) => {
          const id = `notify-${row.kind}`;
          const minutesError = errors[`${row.kind}.minutes`];
          return (
            <div key={row.kind} className="flex flex-wrap items-center gap-x-6 gap-y-2 p-3" data-testid={`notify-row-${row.kind}`}>
              <label className="flex min-w-0 flex-1 basis-64 items-center gap-3 text-sm font-medium">
                <input type="checkbox" className={check} checked={row.enabled} onChange={(e) => change(row.kind, { enabled: e.target.checked })} data-testid={`${id}-enabled`} />
                <span>{t(KIND_LABELS[row.kind])}</span>
              </label>
              {TO_MANAGERS_KINDS.includes(row.kind) && (
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" className={check} checked={row.toManagers} disabled={!row.enabled} onChange={(e) => change(row.kind, { toManagers: e.target.checked })} data-testid={`${id}-managers`} />
                  {t('notifications.toManagers')}
                </label>
              )}
              {MINUTES_KINDS.includes(row.kind) && (
                <div className="flex flex-col gap-1">
                  <label className="flex items-center gap-2 text-sm" htmlFor={`${id}-minutes`}>
                    <input
                      id={`${id}-minutes`}
                      type="number"
                      inputMode="numeric"
                      min={MISSED_CHECK_IN_MINUTES_RANGE.min}
                      max={MISSED_CHECK_IN_MINUTES_RANGE.max}
                      className={inputClass.replace('w-full', 'w-24')}
                      value={row.minutes ?? ''}
                      disabled={!row.enabled}
                      aria-invalid={minutesError ? true : undefined}
                      aria-describedby={minutesError ? `${id}-minutes-error` : undefined}
                      onChange={(e) => change(row.kind, { minutes: e.target.value === '' ? null : Number(e.target.value) })}
                      data-testid={`${id}-minutes`}
                    />
                    {t('notifications.minutes')}
                  </label>
                  {minutesError && (
                    <p id={`${id}-minutes-error`} className="text-xs text-red-700 dark:text-red-300">
                      {minutesError}
                    </p>
                  )}
                </div>
              )}
            </div>
          );
        })}
      </fieldset>
      {canUpdate && (
        <div>
          <button type="button" className={primaryButton} onClick={() => void save()} disabled={busy} data-testid="notifications-save">
            {t('notifications.save')}
          </button>
        </div>
      )}
    </div>
  );
}
