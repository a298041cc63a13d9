import { formatDuration } from '../format/intl-format.ts';
import type { Language } from '../../i18n/languages.ts';

/** A balance as "+7 h 30 min" (credit), "−2 h 15 min" (debit) or "0 h 00 min"; a true minus sign. */
export function formatBalance(seconds: number, lang: Language): string {
  const minutes = Math.round(seconds / 60);
  if (minutes === 0) return formatDuration(0, lang);
  return `${minutes > 0 ? '+' : '−'}${formatDuration(Math.abs(minutes) * 60, lang)}`;
}
