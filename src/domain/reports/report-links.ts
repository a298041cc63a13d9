import type { ReportName } from './report-table.ts';
import type { Language } from '../../i18n/languages.ts';

/** The Excel download of a report page's current filters (the print flag dropped, the language added). */
export function exportHrefOf(name: ReportName, params: URLSearchParams, lang: Language): string {
  const p = new URLSearchParams();
  for (const [key, value] of params) if (key !== 'print' && key !== 'lang' && value !== '') p.set(key, value);
  p.set('lang', lang);
  return `/api/reports/${name}/export?${p}`;
}
