import { useState } from 'react';
import type { LegalHoldView } from '#domain/retention/retention-rules.ts';
import { formatDate } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';

interface Props {
  lang: Language;
  timeZone: string;
  initial: LegalHoldView[];
  /** Settings: holds on whole companies (one to choose); an employee page: holds on this employee. */
  scope: { kind: 'company'; companies: { id: number; name: string }[] } | { kind: 'employee'; employeeId: number };
  canPlace: boolean;
  /** Releasing lets the purge go on: setting.update (decision 083). */
  canRelease: boolean;
}

/** Legal holds (decision 083): the list with who placed and released each, a form to place one, and release. */
export default function LegalHolds({ lang, timeZone, initial, scope, canPlace, canRelease }: Props) {
  const t = translator(lang);
  const [holds, setHolds] = useState(initial);
  const [reason, setReason] = useState('');
  const [companyId, setCompanyId] = useState(scope.kind === 'company' ? (scope.companies[0]?.id ?? 0) : 0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { run, busy } = useApiAction(lang);
  const when = (iso: string) => formatDate(iso, lang, timeZone, 'long');
  const upsert = (hold: LegalHoldView) => setHolds((list) => [hold, ...list.filter((h) => h.id !== hold.id)]);

  async function place() {
    setErrors({});
    const placing =
      scope.kind === 'company' ? () => api('POST /api/legal-holds', { body: { companyId, reason }, lang }) : () => api('POST /api/employees/{id}/legal-holds', { params: [scope.employeeId], body: { reason }, lang });
    await run(placing, {
      onFieldErrors: setErrors,
      success: 'toast',
      then: (answer) => {
        upsert(answer.data);
        setReason('');
      },
    });
  }
  async function release(id: number) {
    await run(() => api('POST /api/legal-holds/{id}/release', { params: [id], lang }), { success: 'toast', then: (answer) => upsert(answer.data) });
  }

  return (
    <div className="flex flex-col gap-4" data-testid="legal-holds">
      {holds.length === 0 ? (
        <p className="text-sm text-muted">{t(scope.kind === 'company' ? 'legalHold.none' : 'legalHold.employeeNone')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {holds.map((h) => (
            <li key={h.id} className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-line p-4 text-sm" data-testid="legal-hold">
              <div className="flex min-w-0 flex-col gap-1">
                <span className="font-medium">
                  {h.employeeId === null ? `${t('legalHold.wholeCompany')} · ${h.companyName}` : h.employeeName}
                  {h.releasedAt === null && (
                    <span className="ms-2 inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">{t('legalHold.active')}</span>
                  )}
                </span>
                <span className="break-words">{h.reason}</span>
                <span className="text-xs text-muted">{t('legalHold.setBy', { name: h.setByName ?? t('legalHold.someone'), date: when(h.setAt) })}</span>
                {h.releasedAt !== null && <span className="text-xs text-muted">{t('legalHold.releasedBy', { name: h.releasedByName ?? t('legalHold.someone'), date: when(h.releasedAt) })}</span>}
              </div>
              {h.releasedAt === null && canRelease && (
                <button type="button" className={secondaryButton} disabled={busy} onClick={() => release(h.id)} data-testid="release-legal-hold">
                  {t('legalHold.release')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canPlace && (
        <div className="flex flex-col gap-3 rounded-xl border border-line p-4">
          {scope.kind === 'company' && (
            <div className="flex flex-col gap-1">
              <label htmlFor="legal-hold-company" className="text-sm font-medium">
                {t('legalHold.company')}
              </label>
              <select id="legal-hold-company" className={inputClass} value={companyId} onChange={(e) => setCompanyId(Number(e.target.value))}>
                {scope.companies.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
              {errors['companyId'] && <span className="text-xs text-red-700 dark:text-red-400">{errors['companyId']}</span>}
            </div>
          )}
          <div className="flex flex-col gap-1">
            <label htmlFor="legal-hold-reason" className="text-sm font-medium">
              {t('legalHold.reason')}
            </label>
            <textarea
              id="legal-hold-reason"
              rows={2}
              maxLength={500}
              className={`${inputClass} py-2`}
              value={reason}
              aria-invalid={errors['reason'] ? true : undefined}
              aria-describedby="legal-hold-reason-note"
              onChange={(e) => setReason(e.target.value)}
            />
            <span id="legal-hold-reason-note" className={`text-xs ${errors['reason'] ? 'text-red-700 dark:text-red-400' : 'text-muted'}`}>
              {errors['reason'] ?? t('legalHold.reasonHint')}
            </span>
          </div>
          <div>
            <button type="button" className={primaryButton} disabled={busy} onClick={place} data-testid="place-legal-hold">
              {t('legalHold.place')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
