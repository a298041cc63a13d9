import { useState } from 'react';
import { toast } from 'sonner';
import type { BackupOverview } from '#domain/backups/backup-overview.ts';
import { formatDate, formatNumber, formatTime } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { primaryButton } from '../ui/buttons.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';
import HelpLink from '../../help/HelpLink.tsx';

interface Props {
  lang: Language;
  initial: BackupOverview;
  timeZone: string;
  timeFormat: string;
  canUpdate: boolean;
}

const TRIGGERS: Record<string, string> = {
  scheduled: 'backups.triggerScheduled',
  manual: 'backups.triggerManual',
  command: 'backups.triggerCommand',
  restore: 'backups.triggerRestore',
  'pre-migration': 'backups.triggerPreMigration',
};

/** Bytes as "812 KB" / "3,4 MB". */
function formatBytes(bytes: number, lang: Language): string {
  if (bytes < 1024 * 1024) return `${formatNumber(bytes === 0 ? 0 : Math.max(1, Math.round(bytes / 1024)), lang)} KB`;
  return `${formatNumber(bytes / 1048576, lang, { maximumFractionDigits: 1 })} MB`;
}

/** Backup status under Settings › Backups, with "Back up now" for those who may change settings. */
export function BackupSection({ lang, initial, timeZone, timeFormat, canUpdate }: Props) {
  const t = translator(lang);
  const [overview, setOverview] = useState(initial);
  const { run, busy } = useApiAction(lang);
  const when = (iso: string) => `${formatDate(iso, lang, timeZone)} ${formatTime(iso, lang, timeZone, timeFormat)}`;

  async function backUpNow() {
    await run(() => api('POST /api/backups', { lang }), {
      success: 'toast',
      then: (answer) => setOverview(answer.data),
      onError: (message) => {
        toast.error(message);
        // A failed backup is in the status too: read it again.
        api('GET /api/backups', { lang })
          .then((r) => setOverview(r.data))
          .catch(() => undefined);
      },
    });
  }

  const last = overview.lastSuccess;
  const items: [string, string, string?][] = [
    [t('settings.lastBackup'), last ? `${when(last.at)} · ${formatBytes(last.bytes, lang)}` : t('settings.noBackup'), last ? `${last.file} · ${t(TRIGGERS[last.trigger] ?? 'backups.triggerManual')}` : undefined],
    [t('backups.nextAt'), when(overview.nextAt)],
    [t('backups.files'), formatNumber(overview.count, lang), t('backups.totalSize', { size: formatBytes(overview.totalBytes, lang) })],
    [t('backups.folder'), overview.dir],
  ];

  return (
    <div className="mb-6 flex flex-col gap-4" data-testid="backup-status">
      {overview.lastFailure && (
        <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200" data-testid="backup-failure">
          {t('backups.lastFailure', { at: when(overview.lastFailure.at), message: overview.lastFailure.message })}
        </p>
      )}
      <dl className="grid gap-4 sm:grid-cols-2">
        {items.map(([label, value, detail]) => (
          <div key={label} className="rounded-xl border border-line p-4">
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
            <dd className="mt-1 break-all font-medium">{value}</dd>
            {detail && <dd className="mt-1 break-all text-xs text-muted">{detail}</dd>}
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-muted">
          {t('backups.copyOff')} <HelpLink doc="backups" lang={lang} />
        </p>
        {canUpdate && (
          <button type="button" className={primaryButton} onClick={backUpNow} disabled={busy} data-testid="backup-now">
            {busy ? t('backups.working') : t('backups.backUpNow')}
          </button>
        )}
      </div>
    </div>
  );
}
