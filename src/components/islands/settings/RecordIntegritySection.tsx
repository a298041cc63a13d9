import { useEffect, useState } from 'react';
import type { BrokenEntry, RecordChainCheck } from '#domain/record-chain/record-chain.ts';
import { chainHeadLine } from '#domain/record-chain/chain-head-line.ts';
import { formatNumber } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { snapshotAlertLines } from '#domain/periods/approval-snapshot.ts';
import { api } from '#lib/client/api.ts';
import { primaryButton } from '../ui/buttons.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';

const KINDS = {
  punch: 'settings.integrityKinds.punch',
  revision: 'settings.integrityKinds.revision',
  void: 'settings.integrityKinds.void',
  attendance: 'settings.integrityKinds.attendance',
  break: 'settings.integrityKinds.break',
  leave: 'settings.integrityKinds.leave',
  holiday: 'settings.integrityKinds.holiday',
  schedule: 'settings.integrityKinds.schedule',
  approval: 'settings.integrityKinds.approval',
  rules: 'settings.integrityKinds.rules',
  contract: 'settings.integrityKinds.contract',
  standby: 'settings.integrityKinds.standby',
  interruption: 'settings.integrityKinds.interruption',
  answer: 'settings.integrityKinds.answer',
  pact: 'settings.integrityKinds.pact',
  offer: 'settings.integrityKinds.offer',
  shift: 'settings.integrityKinds.shift',
} as const;
const PROBLEMS = {
  sequence: 'settings.integrityProblems.sequence',
  link: 'settings.integrityProblems.link',
  hash: 'settings.integrityProblems.hash',
  duplicate: 'settings.integrityProblems.duplicate',
  rowMissing: 'settings.integrityProblems.rowMissing',
  rowChanged: 'settings.integrityProblems.rowChanged',
  entryMissing: 'settings.integrityProblems.entryMissing',
  rowNotDeleted: 'settings.integrityProblems.rowNotDeleted',
} as const;

interface Props {
  lang: Language;
  timeZone: string;
}

/**
 * Settings › Record integrity (decision 033): runs `GET /api/record-chain/verify` when opened and
 * on "Check now", and shows whether the chain is intact (or how many entries are broken, naming
 * the first 100) and each company's chain head.
 */
export function RecordIntegritySection({ lang, timeZone }: Props) {
  const t = translator(lang);
  const [check, setCheck] = useState<RecordChainCheck | null>(null);
  const { run: act, busy } = useApiAction(lang);

  async function run() {
    await act(() => api('GET /api/record-chain/verify', { lang }), { then: (answer) => setCheck(answer.data) });
  }
  useEffect(() => void run(), []); // eslint-disable-line react-hooks/exhaustive-deps -- checked once, on mount

  const where = (b: BrokenEntry) => {
    const company = check?.companies.find((c) => c.companyId === b.companyId)?.companyName ?? `#${b.companyId}`;
    const kind = t(KINDS[b.kind]);
    return b.seq === null ? t('settings.integrityAtRecord', { company, kind, ref: b.refId }) : t('settings.integrityAtEntry', { company, seq: b.seq, kind, ref: b.refId });
  };

  return (
    <div className="flex max-w-prose flex-col gap-4 text-sm" data-testid="record-integrity">
      <p className="leading-relaxed">{t('settings.integrityIntro')}</p>
      {check && (
        <div
          role="status"
          data-testid="integrity-result"
          data-ok={check.ok ? 'true' : 'false'}
          className={`rounded-xl border p-4 ${check.ok ? 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100' : 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'}`}
        >
          {check.ok ? (
            <p className="font-semibold">{t('settings.integrityOk', { count: check.entries, n: formatNumber(check.entries, lang) })}</p>
          ) : (
            <>
              <p className="font-semibold">{t('settings.integrityBroken', { count: check.brokenCount, n: formatNumber(check.brokenCount, lang) })}</p>
              <ol className="mt-2 flex list-inside list-decimal flex-col gap-1" data-testid="integrity-broken">
                {check.broken.map((b) => (
                  <li key={`${b.companyId}:${b.seq ?? `${b.kind}:${b.refId}`}`}>
                    {where(b)}: {t(PROBLEMS[b.problem], { fields: (b.fields ?? []).join(', ') })}
                  </li>
                ))}
              </ol>
              {check.brokenCount > check.broken.length && (
                <p className="mt-2">{t('settings.integrityMore', { more: formatNumber(check.brokenCount - check.broken.length, lang), listed: formatNumber(check.broken.length, lang) })}</p>
              )}
            </>
          )}
        </div>
      )}
      {check && (check.approvedFigures?.length ?? 0) > 0 && (
        <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100" data-testid="integrity-figures">
          <p className="font-semibold">{t('periods.snapshotAlertTitle')}</p>
          <p className="mt-1">{t('periods.snapshotAlertIntro')}</p>
          <ul className="mt-2 list-inside list-disc">
            {snapshotAlertLines(check.approvedFigures ?? [], t, lang).map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {check && (
        <dl className="flex flex-col gap-2" data-testid="integrity-heads">
          {check.companies.map((c) => (
            <div key={c.companyId} className="flex flex-col">
              <dt className="font-medium">{c.companyName}</dt>
              <dd className="break-all text-muted tabular-nums">{c.head ? chainHeadLine(c.head, timeZone, lang, t) : t('settings.integrityEmpty')}</dd>
            </div>
          ))}
        </dl>
      )}
      <div>
        <button type="button" className={primaryButton} onClick={run} disabled={busy} data-testid="integrity-check">
          {busy ? t('settings.integrityChecking') : t('settings.integrityCheck')}
        </button>
      </div>
    </div>
  );
}
