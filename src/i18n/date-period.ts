/**
 * A span of dates in a sentence: "del 1 al 3 de mayo" / "from 1 May to 3 May", and for one day
 * "para el 22 de diciembre" / "for 22 December" rather than the same date twice (issue 37.15).
 * `from` and `to` are the formatted dates; `same` says whether they are one day (compare the
 * dates, not their text).
 */
export function datePeriod(t: (key: string, params?: Record<string, unknown>) => string, from: string, to: string, same: boolean): string {
  return same ? t('common.datePeriod.day', { date: from }) : t('common.datePeriod.range', { from, to });
}
