import type { Language } from '../../i18n/languages.ts';

/**
 * Dates, times and numbers for display, with Intl, in the UI language and the company time zone.
 * `timeFormat` is the setting of spec section 3: "1" = 24-hour clock, "2" = 12-hour clock.
 */
const LOCALES: Record<Language, string> = { es: 'es-ES', en: 'en-GB' };

export function localeOf(lang: Language): string {
  return LOCALES[lang];
}

const cache = new Map<string, Intl.DateTimeFormat>();
function dtf(lang: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALES[lang], options);
    cache.set(key, f);
  }
  return f;
}

/** "21/11/2026" (es) or "21/11/2026" (en-GB); `long`: "sábado, 21 de noviembre de 2026". */
export function formatDate(instant: Date | string, lang: Language, timeZone: string, style: 'short' | 'long' = 'short'): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const options: Intl.DateTimeFormatOptions = style === 'long' ? { dateStyle: 'full', timeZone } : { year: 'numeric', month: '2-digit', day: '2-digit', timeZone };
  return dtf(lang, options).format(date);
}

/** A calendar date `YYYY-MM-DD` (no time zone shift). */
export function formatLocalDate(date: string, lang: Language, style: 'short' | 'long' = 'short'): string {
  return formatDate(`${date}T12:00:00Z`, lang, 'UTC', style);
}

/** "09:05" (timeFormat "1") or "9:05 AM" / "9:05 a. m." (timeFormat "2") in the company zone. */
export function formatTime(instant: Date | string, lang: Language, timeZone: string, timeFormat = '1'): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return dtf(lang, { hour: timeFormat === '2' ? 'numeric' : '2-digit', minute: '2-digit', hour12: timeFormat === '2', timeZone }).format(date);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Formatters are cached: building one costs far more than formatting (reports format thousands). */
export function formatNumber(value: number, lang: Language, options: Intl.NumberFormatOptions = {}): string {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALES[lang], options);
    numberFormats.set(key, f);
  }
  return f.format(value);
}

/** Seconds as hours and minutes, "7 h 30 min". */
export function formatDuration(seconds: number, lang: Language): string {
  const total = Math.round(seconds / 60);
  const h = Math.floor(total / 60);
  const m = total % 60;
  return `${formatNumber(h, lang)} h ${String(m).padStart(2, '0')} min`;
}
