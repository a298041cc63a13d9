import { formatDate, formatDuration, formatLocalDate } from '../format/intl-format.ts';
import { escapeHtml } from '../reports/report-html.ts';
import type { Language } from '../../i18n/languages.ts';
import { WARNING_LABELS, type PeriodCloseRow } from './period-close-view.ts';
import type { PeriodExceptions } from './period-exceptions.ts';

type T = (key: string, params?: Record<string, unknown>) => string;

/**
 * Classes of the table the rows go into (the page's <table>): cells, chips and the status lines
 * are styled from here through descendant selectors, so each of 500 rows does not repeat them.
 */
export const PERIOD_TABLE_CLASS = [
  'w-full min-w-[760px] text-sm',
  '[&_td]:px-3 [&_td]:py-2 [&_td]:align-top [&_td.n]:text-right [&_td.n]:tabular-nums [&_td.n]:whitespace-nowrap',
  '[&_tbody_tr]:border-b [&_tbody_tr]:border-line [&_tbody_tr:last-child]:border-0',
  '[&_.c]:flex [&_.c]:flex-wrap [&_.c]:gap-1',
  '[&_.c_li]:rounded-full [&_.c_li]:bg-amber-100 [&_.c_li]:px-2 [&_.c_li]:py-0.5 [&_.c_li]:text-xs [&_.c_li]:font-semibold [&_.c_li]:text-amber-900 dark:[&_.c_li]:bg-amber-950 dark:[&_.c_li]:text-amber-200',
  '[&_.ok]:rounded-full [&_.ok]:bg-emerald-100 [&_.ok]:px-2 [&_.ok]:py-0.5 [&_.ok]:text-xs [&_.ok]:font-semibold [&_.ok]:text-emerald-800 dark:[&_.ok]:bg-emerald-950 dark:[&_.ok]:text-emerald-200',
  '[&_.s]:flex [&_.s]:flex-col [&_.s]:gap-0.5 [&_.s_small]:text-xs [&_.s_small]:text-muted',
  '[&_.approved_b]:text-emerald-800 dark:[&_.approved_b]:text-emerald-300 [&_.reopened_b]:text-amber-800 dark:[&_.reopened_b]:text-amber-300 [&_.open]:text-muted',
].join(' ');

const BUTTON = 'control inline-flex items-center justify-center rounded-lg border border-field bg-card px-3 text-sm font-medium hover:border-primary hover:text-accent disabled:opacity-60';

/**
 * The close screen's table body as one HTML string (decision 051): 500 rows rendered as React on
 * the server, and their props serialized for hydration, cost several times the 300 ms budget; a
 * string costs a few milliseconds. Checkboxes (`data-period-select`) and Reopen buttons
 * (`data-period-reopen`, disabled until the actions island runs) are plain elements the island
 * finds by these attributes. Every text is escaped; translations are looked up once per text.
 */
export function periodCloseRowsHtml(rows: readonly PeriodCloseRow[], t: T, lang: Language): string {
  const memo = new Map<string, string>();
  const tr = (key: string, count?: number) => {
    const k = count === undefined ? key : `${key}|${count}`;
    let s = memo.get(k);
    if (s === undefined) memo.set(k, (s = escapeHtml(count === undefined ? t(key) : t(key, { count }))));
    return s;
  };
  // A count with a duration: the translated text once per count, the duration filled in after.
  const withTime = (key: string, count: number, seconds: number) => {
    const k = `${key}|${count}|time`;
    let s = memo.get(k);
    if (s === undefined) memo.set(k, (s = escapeHtml(t(key, { count, time: '\u0000' }))));
    return s.replace('\u0000', duration(seconds));
  };
  const by = (name: string | null, iso: string | null) => {
    const k = `by|${name}|${iso?.slice(0, 10)}`;
    let s = memo.get(k);
    if (s === undefined) memo.set(k, (s = escapeHtml(t('periods.by', { name: name ?? '—', when: when(iso) }))));
    return s;
  };
  const none = `<span class="ok">${tr('periods.exceptions.none')}</span>`;
  const duration = (seconds: number) => formatDuration(seconds, lang);
  const when = (iso: string | null) => (iso ? formatDate(iso, lang, 'UTC') : '');
  const dates = (list: string[]) => escapeHtml(list.map((d) => formatLocalDate(d, lang)).join(', '));
  const reopenText = tr('periods.reopen');

  const chips = (e: PeriodExceptions): string => {
    let out = '';
    if (e.missingCheckOut.length) out += `<li data-testid="exception-missing" title="${dates(e.missingCheckOut)}">${tr('periods.exceptions.missingCheckOut', e.missingCheckOut.length)}</li>`;
    if (e.closedAutomatically?.length) out += `<li data-testid="exception-auto-closed" title="${dates(e.closedAutomatically)}">${tr('periods.exceptions.closedAutomatically', e.closedAutomatically.length)}</li>`;
    if (e.absences.length) out += `<li data-testid="exception-absent" title="${dates(e.absences)}">${tr('periods.exceptions.absences', e.absences.length)}</li>`;
    if (e.late.days) out += `<li data-testid="exception-late">${withTime('periods.exceptions.late', e.late.days, e.late.seconds)}</li>`;
    if (e.early.days) out += `<li data-testid="exception-early">${withTime('periods.exceptions.early', e.early.days, e.early.seconds)}</li>`;
    for (const [kind, count] of Object.entries(e.warnings)) out += `<li data-testid="exception-w-${escapeHtml(kind)}">${tr(WARNING_LABELS[kind] ?? kind, count)}</li>`;
    if (e.pendingCorrections) out += `<li data-testid="exception-pending">${tr('periods.exceptions.pendingCorrections', e.pendingCorrections)}</li>`;
    return out ? `<ul class="c">${out}</ul>` : none;
  };
  const status = (r: PeriodCloseRow): string => {
    const a = r.approval;
    if (r.locked && a) {
      return `<span class="s approved" data-testid="period-status" data-status="approved"><b>${tr('periods.status.approved')}</b><small>${by(a.approverName, a.approvedAt)}</small></span>`;
    }
    if (a?.status === 'reopened') {
      const why = a.reopenReason ? ` · “${escapeHtml(a.reopenReason)}”` : '';
      return `<span class="s reopened" data-testid="period-status" data-status="reopened"><b>${tr('periods.status.reopened')}</b><small>${by(a.reopenerName, a.reopenedAt)}${why}</small></span>`;
    }
    return `<span class="open" data-testid="period-status" data-status="open">${tr('periods.status.open')}</span>`;
  };

  let html = '';
  for (const r of rows) {
    const id = r.employee.id;
    const name = escapeHtml(r.employee.name);
    const select = r.locked ? '' : `<input type="checkbox" data-period-select="${id}" aria-label="${name}" data-testid="period-select">`;
    const reopen = r.locked ? `<button type="button" class="${BUTTON}" data-period-reopen="${id}" data-name="${name}" data-testid="period-reopen" disabled>${reopenText}</button>` : '';
    html +=
      `<tr data-testid="period-row" data-employee="${id}"><td>${select}</td>` +
      `<td><b class="font-medium">${name}</b><small class="block text-xs text-muted">${escapeHtml(r.employee.departmentName)}</small></td>` +
      `<td class="n">${duration(r.totals.workedSeconds)}</td><td class="n">${duration(r.totals.expectedSeconds)}</td><td class="n">${duration(r.totals.overtimeSeconds)}</td>` +
      `<td>${chips(r.exceptions)}</td><td>${status(r)}</td><td class="text-right">${reopen}</td></tr>`;
  }
  return html;
}
