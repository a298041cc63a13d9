import { formatDate, formatDuration, formatLocalDate } from '../format/intl-format.ts';
import { escapeHtml } from '../reports/report-html.ts';
import type { Language } from '../../i18n/languages.ts';
import { WARNING_LABELS, type PeriodCloseRow } from './period-close-view.ts';
import type { PeriodExceptions } from './period-exceptions.ts';

type T = (key: string, params?: Record<string, unknown>) => string;

const CHIP = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';
const WARN = `${CHIP} bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200`;
const CLEAN = `${CHIP} bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200`;
const BUTTON = 'control inline-flex items-center justify-center gap-2 rounded-lg border border-field bg-card px-3 text-sm font-medium hover:border-primary hover:text-accent disabled:opacity-60';
const CELL = 'px-3 py-2';
const NUM = 'px-3 py-2 text-right tabular-nums';

function chips(e: PeriodExceptions, t: T, lang: Language): string {
  const dates = (list: string[]) => list.map((d) => formatLocalDate(d, lang)).join(', ');
  const out: string[] = [];
  const chip = (key: string, text: string, title = '') =>
    out.push(`<li class="${WARN}" data-testid="exception-${key}"${title ? ` title="${escapeHtml(title)}"` : ''}>${escapeHtml(text)}</li>`);
  if (e.missingCheckOut.length) chip('missing', t('periods.exceptions.missingCheckOut', { count: e.missingCheckOut.length }), dates(e.missingCheckOut));
  if (e.absences.length) chip('absent', t('periods.exceptions.absences', { count: e.absences.length }), dates(e.absences));
  if (e.late.days) chip('late', t('periods.exceptions.late', { count: e.late.days, time: formatDuration(e.late.seconds, lang) }));
  if (e.early.days) chip('early', t('periods.exceptions.early', { count: e.early.days, time: formatDuration(e.early.seconds, lang) }));
  for (const [kind, count] of Object.entries(e.warnings)) chip(`w-${kind}`, t(WARNING_LABELS[kind] ?? kind, { count }));
  if (e.pendingCorrections) chip('pending', t('periods.exceptions.pendingCorrections', { count: e.pendingCorrections }));
  if (out.length === 0) return `<span class="${CLEAN}">${escapeHtml(t('periods.exceptions.none'))}</span>`;
  return `<ul class="flex flex-wrap gap-1">${out.join('')}</ul>`;
}

function status(r: PeriodCloseRow, t: T, lang: Language): string {
  const a = r.approval;
  const when = (iso: string | null) => (iso ? formatDate(iso, lang, 'UTC') : '');
  if (r.locked && a) {
    return `<span class="inline-flex flex-col gap-0.5" data-testid="period-status" data-status="approved"><span class="font-semibold text-emerald-800 dark:text-emerald-300">${escapeHtml(t('periods.status.approved'))}</span><span class="text-xs text-muted">${escapeHtml(t('periods.by', { name: a.approverName ?? '—', when: when(a.approvedAt) }))}</span></span>`;
  }
  if (a?.status === 'reopened') {
    const why = a.reopenReason ? ` · “${escapeHtml(a.reopenReason)}”` : '';
    return `<span class="inline-flex flex-col gap-0.5" data-testid="period-status" data-status="reopened"><span class="font-semibold text-amber-800 dark:text-amber-300">${escapeHtml(t('periods.status.reopened'))}</span><span class="text-xs text-muted">${escapeHtml(t('periods.by', { name: a.reopenerName ?? '—', when: when(a.reopenedAt) }))}${why}</span></span>`;
  }
  return `<span class="text-muted" data-testid="period-status" data-status="open">${escapeHtml(t('periods.status.open'))}</span>`;
}

/**
 * The close screen's table body as one HTML string (decision 051): 500 rows rendered as React on
 * the server, and their props serialized for hydration, cost several times the 300 ms budget; a
 * string costs a few milliseconds. Checkboxes (`data-period-select`) and Reopen buttons
 * (`data-period-reopen`) are plain elements the actions island finds by these attributes.
 * Every text is escaped.
 */
export function periodCloseRowsHtml(rows: readonly PeriodCloseRow[], t: T, lang: Language): string {
  return rows
    .map((r) => {
      const id = r.employee.id;
      const name = escapeHtml(r.employee.name);
      const select = r.locked
        ? ''
        : `<input type="checkbox" data-period-select="${id}" aria-label="${escapeHtml(t('periods.selectOne', { name: r.employee.name }))}" data-testid="period-select">`;
      const reopen = r.locked
        ? `<button type="button" class="${BUTTON}" data-period-reopen="${id}" data-name="${name}" data-testid="period-reopen" disabled>${escapeHtml(t('periods.reopen'))}</button>`
        : '';
      return (
        `<tr class="border-b border-line align-top last:border-0" data-testid="period-row" data-employee="${id}">` +
        `<td class="${CELL}">${select}</td>` +
        `<td class="${CELL}"><span class="font-medium">${name}</span><span class="block text-xs text-muted">${escapeHtml(r.employee.departmentName)}</span></td>` +
        `<td class="${NUM}">${formatDuration(r.totals.workedSeconds, lang)}</td>` +
        `<td class="${NUM}">${formatDuration(r.totals.expectedSeconds, lang)}</td>` +
        `<td class="${NUM}">${formatDuration(r.totals.overtimeSeconds, lang)}</td>` +
        `<td class="${CELL}">${chips(r.exceptions, t, lang)}</td>` +
        `<td class="${CELL}">${status(r, t, lang)}</td>` +
        `<td class="${CELL} text-right">${reopen}</td>` +
        `</tr>`
      );
    })
    .join('');
}
