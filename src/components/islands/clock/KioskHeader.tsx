import { formatDate, localeOf } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';

/** The company's time, large (hours and minutes, then the seconds, then AM/PM), and the date. */
export function KioskHeader({ now, lang, timeZone, timeFormat }: { now: number; lang: Language; timeZone: string; timeFormat: '1' | '2' }) {
  const timeParts = new Intl.DateTimeFormat(localeOf(lang), { hour: timeFormat === '2' ? 'numeric' : '2-digit', minute: '2-digit', hour12: timeFormat === '2', timeZone }).formatToParts(new Date(now));
  const time = timeParts
    .filter((p) => p.type !== 'dayPeriod')
    .map((p) => p.value)
    .join('')
    .trim();
  const dayPeriod = timeParts.find((p) => p.type === 'dayPeriod')?.value;
  const seconds = String(new Date(now).getUTCSeconds()).padStart(2, '0');
  const date = formatDate(new Date(now), lang, timeZone, 'long');
  return (
    <header className="text-center" aria-live="off">
      <p className="text-6xl font-bold tracking-tight tabular-nums sm:text-8xl" data-testid="clock-time">
        <time dateTime={new Date(now).toISOString()}>
          {time}
          <span className="ms-1 align-top text-2xl font-semibold text-muted sm:text-4xl">{seconds}</span>
          {dayPeriod && <span className="ms-2 text-2xl font-semibold text-muted sm:text-4xl">{dayPeriod}</span>}
        </time>
      </p>
      <p className="mt-2 text-lg text-muted first-letter:uppercase sm:text-2xl" data-testid="clock-date">
        {date}
      </p>
    </header>
  );
}
