import { formatDate, formatDuration, formatLocalDate, formatNumber, formatTime, localeOf } from '../format/intl-format.ts';
import type { CellKind, CellValue } from './report-table.ts';
import type { Language } from '../../i18n/languages.ts';

/** "noviembre de 2026" / "November 2026" for a month `YYYY-MM`. */
export function formatMonth(month: string, lang: Language): string {
  return new Intl.DateTimeFormat(localeOf(lang), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
}

/** "noviembre" / "November" for a month number 1-12. */
export function formatMonthName(month: number, lang: Language): string {
  return new Intl.DateTimeFormat(localeOf(lang), { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, month - 1, 15, 12)));
}

/** "21 nov" / "21 Nov" for a date `YYYY-MM-DD` (day and month, no year). */
export function formatDayMonth(date: string, lang: Language): string {
  return new Intl.DateTimeFormat(localeOf(lang), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

export interface CellFormatOptions {
  lang: Language;
  timeZone: string;
  timeFormat: '1' | '2';
  t: (key: string) => string;
}

/** A report cell for the page, in the UI language (see CellKind); empty values read "—". */
export function formatCell(kind: CellKind, value: CellValue, options: CellFormatOptions): string {
  const { lang, timeZone, timeFormat, t } = options;
  if (value === null || value === undefined || value === '') return '—';
  switch (kind) {
    case 'label':
      return t(String(value));
    case 'date':
      return formatLocalDate(String(value), lang);
    case 'instant':
      return `${formatDate(String(value), lang, timeZone)} ${formatTime(String(value), lang, timeZone, timeFormat)}`;
    case 'duration':
      return typeof value === 'number' ? formatDuration(value, lang) : String(value);
    case 'number':
      return typeof value === 'number' ? formatNumber(value, lang) : String(value);
    case 'hours':
      return typeof value === 'number' ? formatNumber(value, lang, { maximumFractionDigits: 2 }) : String(value);
    default:
      return String(value);
  }
}

/** True for kinds that read best aligned to the end (numbers). */
export function isNumericKind(kind: CellKind): boolean {
  return kind === 'duration' || kind === 'number' || kind === 'hours';
}
