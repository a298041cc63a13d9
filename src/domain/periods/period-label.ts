import { formatLocalDate } from '../format/intl-format.ts';
import { formatMonth } from '../reports/report-format.ts';
import type { Period } from '../reports/periods.ts';
import type { Language } from '../../i18n/languages.ts';
import type { ApprovalPeriodKind } from './approval-period.ts';

/** "marzo de 2026" for a month; "02/03/2026 – 08/03/2026" for a week. */
export function periodLabel(period: Period, kind: ApprovalPeriodKind, lang: Language): string {
  return kind === 'month' ? formatMonth(period.from.slice(0, 7), lang) : `${formatLocalDate(period.from, lang)} – ${formatLocalDate(period.to, lang)}`;
}
