import type { Language } from '#i18n/languages.ts';
import { formatLocalDate, formatNumber } from '#domain/format/intl-format.ts';
import { translator } from '#i18n/translate.ts';

export interface BalanceRow {
  leaveType: number;
  name: string;
  daysPerYear: number | null;
  /** The year's days (prorated or accrued so far) and those carried over, lapsing on a day (decision 053). */
  entitled: number | null;
  carriedOver: number;
  carryOverExpires: string | null;
  taken: number;
  pending: number;
  remaining: number | null;
  allowed: boolean;
}

/**
 * Taken, pending and remaining working days per leave type in a year. Rendered on the server
 * (no hydration): the personal leave page and the admin's review page.
 */
export default function LeaveBalances(props: {
  lang: Language;
  year: number;
  balances: BalanceRow[];
  title: string;
  hint?: string;
  /** Links shown beside the title (the personal page's previous and next year). */
  links?: { href: string; label: string; text: string }[];
}) {
  const { lang, year, balances, title, hint, links } = props;
  const t = translator(lang);
  const n = (value: number) => formatNumber(value, lang);
  // The carried-over column only when some type carried days into this year.
  const carried = balances.some((b) => b.carriedOver > 0);
  const headers = [t('leave.type'), t('leave.allowance'), ...(carried ? [t('leave.carriedOver')] : []), t('leave.taken'), t('leave.pending'), t('leave.remaining')];
  return (
    <section className="rounded-2xl border border-line bg-card" aria-labelledby={`balances-${year}`} data-testid="leave-balances" data-year={year}>
      <div className="border-b border-line px-6 py-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={`balances-${year}`} className="text-lg font-semibold">
            {title}
          </h2>
          {links && (
            <nav className="flex gap-1 text-sm" aria-label={title}>
              {links.map((l) => (
                // Named by what it shows, then what it does (WCAG 2.5.3, label in name).
                <a key={l.href} href={l.href} title={l.label} className="inline-grid h-9 min-w-9 place-items-center rounded-lg px-2 text-muted hover:bg-primary-subtle hover:text-accent">
                  <span>
                    {l.text}
                    <span className="sr-only"> ({l.label})</span>
                  </span>
                </a>
              ))}
            </nav>
          )}
        </div>
        {hint && <p className="mt-1 text-sm text-muted">{hint}</p>}
      </div>
      {balances.length === 0 ? (
        <p className="px-6 py-4 text-sm text-muted">{t('leave.noTypes')}</p>
      ) : (
        // A phone scrolls the figures sideways: the box takes focus so the keyboard can too (WCAG 2.1.1).
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby={`balances-${year}`}>
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-line">
                {headers.map((h, i) => (
                  <th key={h} scope="col" className={`whitespace-nowrap px-3 py-3 text-xs font-semibold uppercase tracking-wide text-muted sm:px-6 ${i === 0 ? 'text-start' : 'text-end'}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {balances.map((b) => (
                <tr key={b.leaveType} className="border-b border-line last:border-0" data-testid="balance-row" data-type={b.name}>
                  <th scope="row" className="px-3 py-3 text-start font-medium sm:px-6">
                    {b.name}
                    {!b.allowed && <span className="ms-2 text-xs font-normal text-muted">({t('leave.notAllowed')})</span>}
                  </th>
                  <td className="px-3 py-3 text-end tabular-nums sm:px-6" data-testid="balance-entitled">
                    {b.entitled === null ? t('fields.unlimited') : n(b.entitled)}
                  </td>
                  {carried && (
                    <td className="px-3 py-3 text-end tabular-nums sm:px-6" data-testid="balance-carried">
                      {n(b.carriedOver)}
                      {b.carriedOver > 0 && b.carryOverExpires && <span className="block text-xs text-muted">{t('leave.carriedOverExpires', { date: formatLocalDate(b.carryOverExpires, lang) })}</span>}
                    </td>
                  )}
                  <td className="px-3 py-3 text-end tabular-nums sm:px-6" data-testid="balance-taken">
                    {n(b.taken)}
                  </td>
                  <td className="px-3 py-3 text-end tabular-nums sm:px-6" data-testid="balance-pending">
                    {n(b.pending)}
                  </td>
                  <td className={`px-3 py-3 text-end font-semibold tabular-nums sm:px-6 ${b.remaining !== null && b.remaining <= 0 ? 'text-red-700 dark:text-red-400' : ''}`} data-testid="balance-remaining">
                    {b.remaining === null ? (
                      <span title={t('fields.unlimited')} aria-label={t('fields.unlimited')}>
                        ∞
                      </span>
                    ) : (
                      n(b.remaining)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
