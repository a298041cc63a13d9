import { formatLocalDate } from '../format/intl-format.ts';
import type { Language } from '../../i18n/languages.ts';
import { localDateOf } from '../time/zoned-time.ts';
import { shortHead, type ChainHead } from './record-chain.ts';

/**
 * The line a monthly record prints about the record chain (decision 033), the same on the page,
 * in the Excel file and in the PDF: "Record chain head: #seq · 16 hex digits, date" (the date of
 * its latest entry in the company's zone; no time, so it is never read as one of the record's
 * times), or that nothing is chained yet. `t` translates.
 */
export function chainHeadLine(head: ChainHead | null, timeZone: string, lang: Language, t: (key: string, params?: Record<string, unknown>) => string): string {
  if (!head) return t('reports.record.chainEmpty');
  return t('reports.record.chainHead', { head: shortHead(head), date: formatLocalDate(localDateOf(head.createdAt, timeZone), lang) });
}
