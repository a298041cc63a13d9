import { formatLocalDate } from '../format/intl-format.ts';
import { formatRecordTime } from '../format/record-time.ts';
import type { Language } from '../../i18n/languages.ts';
import { localDateOf } from '../time/zoned-time.ts';
import { shortHead, type ChainHead } from './record-chain.ts';

/**
 * The line a monthly record prints about the record chain (decision 033), the same on the page,
 * in the Excel file and in the PDF: "Record chain head: #seq · 16 hex digits, date time" in the
 * company's zone, or that nothing is chained yet. `t` translates.
 */
export function chainHeadLine(
  head: ChainHead | null,
  timeZone: string,
  lang: Language,
  timeFormat: '1' | '2',
  t: (key: string, params?: Record<string, unknown>) => string,
): string {
  if (!head) return t('reports.record.chainEmpty');
  const date = `${formatLocalDate(localDateOf(head.createdAt, timeZone), lang)} ${formatRecordTime(head.createdAt, timeZone, lang, timeFormat)}`;
  return t('reports.record.chainHead', { head: shortHead(head), date });
}
