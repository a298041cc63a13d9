import { useState } from 'react';
import { Copy, Link2, ShieldOff } from 'lucide-react';
import { toast } from 'sonner';
import { INSPECTION_LABEL_MAX, INSPECTION_LINK_DAYS } from '#domain/access/inspection-links.ts';
import { formatDate, formatTime } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { AppToaster } from '../ui/AppToaster.tsx';
import { Badge } from '../ui/Badge.tsx';
import { ConfirmActionDialog } from '../ui/ConfirmActionDialog.tsx';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';

export interface InspectionLinkRow {
  _id: number;
  label: string | null;
  createdAt: string;
  createdByName: string | null;
  expiresAt: string;
  lastUsedAt: string | null;
  uses: number;
  state: 'active' | 'expired' | 'revoked';
}

/**
 * The labour inspectorate's links (decision 036): create one (days, label) and see its full
 * address once, copy it; the list with who made each, expiry, last use, uses and state; revoke.
 */
export default function InspectionLinks(props: { lang: Language; links: InspectionLinkRow[]; canUpdate: boolean; timeZone: string; timeFormat: '1' | '2' }) {
  const { lang } = props;
  const t = translator(lang);
  const [links, setLinks] = useState(props.links);
  const [days, setDays] = useState(String(INSPECTION_LINK_DAYS.default));
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { run, busy } = useApiAction(lang);
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<InspectionLinkRow | null>(null);
  const when = (at: string | null) => (at ? `${formatDate(at, lang, props.timeZone)} ${formatTime(at, lang, props.timeZone, props.timeFormat)}` : '—');

  async function reload() {
    const answer = await api('GET /api/inspection-links', { lang });
    setLinks(answer.data);
  }

  async function create(event: React.FormEvent) {
    event.preventDefault();
    setErrors({});
    await run(() => api('POST /api/inspection-links', { lang, body: { days: Number(days), label: label.trim() === '' ? null : label } }), {
      onFieldErrors: setErrors,
      success: 'toast',
      then: async (answer) => {
        setCreated(new URL(answer.data.path, window.location.origin).href);
        setLabel('');
        await reload();
      },
    });
  }

  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created);
      toast.success(t('inspection.copied'));
    } catch {
      toast.error(t('inspection.copyFailed'));
    }
  }

  const stateText = { active: t('inspection.state.active'), expired: t('inspection.state.expired'), revoked: t('inspection.state.revoked') };
  return (
    <div className="flex flex-col gap-6">
      <AppToaster />
      {props.canUpdate && (
        <form onSubmit={create} className="flex flex-col gap-4 rounded-2xl border border-line bg-card p-5" noValidate data-testid="inspection-create">
          <h2 className="text-lg font-semibold">{t('inspection.createTitle')}</h2>
          <p className="text-sm text-muted">{t('inspection.createHelp')}</p>
          <div className="flex flex-wrap items-end gap-4">
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium">{t('inspection.days')}</span>
              <input
                type="number"
                min={INSPECTION_LINK_DAYS.min}
                max={INSPECTION_LINK_DAYS.max}
                value={days}
                onChange={(e) => setDays(e.target.value)}
                className={`${inputClass} w-28`}
                aria-invalid={!!errors['days']}
                data-testid="inspection-days"
              />
              {errors['days'] && <span className="text-xs text-red-700 dark:text-red-400">{errors['days']}</span>}
            </label>
            <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm sm:min-w-64">
              <span className="font-medium">{t('inspection.label')}</span>
              <input
                type="text"
                maxLength={INSPECTION_LABEL_MAX}
                value={label}
                onChange={(e) => setLabel(e.target.value)}
                placeholder={t('inspection.labelPlaceholder')}
                className={inputClass}
                aria-invalid={!!errors['label']}
                data-testid="inspection-label"
              />
              {errors['label'] && <span className="text-xs text-red-700 dark:text-red-400">{errors['label']}</span>}
            </label>
            <button type="submit" className={primaryButton} disabled={busy} data-testid="inspection-submit">
              <Link2 size={16} aria-hidden="true" />
              {t('inspection.create')}
            </button>
          </div>
          {created && (
            <div className="flex flex-col gap-2 rounded-xl border border-primary bg-primary-subtle p-4" role="status" data-testid="inspection-created">
              <p className="text-sm font-medium">{t('inspection.shownOnce')}</p>
              <div className="flex flex-wrap items-center gap-2">
                <input readOnly value={created} className={`${inputClass} min-w-0 flex-1 font-mono text-xs`} onFocus={(e) => e.target.select()} aria-label={t('inspection.url')} data-testid="inspection-url" />
                <button type="button" className={secondaryButton} onClick={copy}>
                  <Copy size={16} aria-hidden="true" />
                  {t('inspection.copy')}
                </button>
              </div>
            </div>
          )}
        </form>
      )}
      <div className="overflow-x-auto rounded-2xl border border-line bg-card">
        {links.length === 0 ? (
          <p className="p-6 text-sm text-muted" data-testid="inspection-none">
            {t('inspection.none')}
          </p>
        ) : (
          <>
            {/* Narrow screens: one card per link, its action in reach (issue 17.5). */}
            <ul className="divide-y divide-line md:hidden">
              {links.map((l) => (
                <li key={l._id} className="flex flex-col gap-2 p-4 text-sm" data-testid="inspection-link-card">
                  <div className="flex items-start justify-between gap-2">
                    <span className="font-medium">{l.label ?? '—'}</span>
                    <Badge on={l.state === 'active'}>{stateText[l.state]}</Badge>
                  </div>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
                    <dt className="text-muted">{t('inspection.createdBy')}</dt>
                    <dd>
                      {l.createdByName ?? '—'} · {when(l.createdAt)}
                    </dd>
                    <dt className="text-muted">{t('inspection.expires')}</dt>
                    <dd>{when(l.expiresAt)}</dd>
                    <dt className="text-muted">{t('inspection.lastUsed')}</dt>
                    <dd>{when(l.lastUsedAt)}</dd>
                    <dt className="text-muted">{t('inspection.uses')}</dt>
                    <dd className="tabular-nums">{l.uses}</dd>
                  </dl>
                  {props.canUpdate && l.state === 'active' && (
                    <button type="button" className={`${secondaryButton} self-start`} onClick={() => setRevoking(l)}>
                      <ShieldOff size={16} aria-hidden="true" />
                      {t('inspection.revoke')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
            <table className="hidden w-full text-sm md:table" data-testid="inspection-links">
              <thead>
                <tr className="border-b border-line text-start text-xs uppercase text-muted">
                  <th scope="col" className="px-4 py-3 text-start">
                    {t('inspection.label')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start">
                    {t('inspection.createdBy')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start">
                    {t('inspection.expires')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start">
                    {t('inspection.lastUsed')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-end">
                    {t('inspection.uses')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start">
                    {t('inspection.stateLabel')}
                  </th>
                  {props.canUpdate && (
                    <th scope="col" className="px-4 py-3">
                      <span className="sr-only">{t('table.actions')}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {links.map((l) => (
                  <tr key={l._id} className="border-b border-line last:border-0" data-testid="inspection-link-row">
                    <td className="px-4 py-3 font-medium">{l.label ?? '—'}</td>
                    <td className="px-4 py-3">
                      {l.createdByName ?? '—'}
                      <div className="text-xs text-muted">{when(l.createdAt)}</div>
                    </td>
                    <td className="whitespace-nowrap px-4 py-3">{when(l.expiresAt)}</td>
                    <td className="whitespace-nowrap px-4 py-3">{when(l.lastUsedAt)}</td>
                    <td className="px-4 py-3 text-end tabular-nums" data-testid="inspection-uses">
                      {l.uses}
                    </td>
                    <td className="px-4 py-3">
                      <Badge on={l.state === 'active'}>{stateText[l.state]}</Badge>
                    </td>
                    {props.canUpdate && (
                      <td className="px-4 py-3 text-end">
                        {l.state === 'active' && (
                          <button type="button" className={secondaryButton} onClick={() => setRevoking(l)} data-testid="inspection-revoke">
                            <ShieldOff size={16} aria-hidden="true" />
                            {t('inspection.revoke')}
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </div>
      <ConfirmActionDialog
        lang={lang}
        action={revoking ? { method: 'POST', path: `/inspection-links/${revoking._id}/revoke`, title: t('inspection.revoke'), question: t('inspection.revokeConfirm'), confirmLabel: t('inspection.revoke') } : null}
        onClose={() => setRevoking(null)}
        onDone={() => void reload()}
      />
    </div>
  );
}
