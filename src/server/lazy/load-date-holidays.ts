import type HolidaysModule from 'date-holidays';

let loading: Promise<typeof HolidaysModule> | undefined;

/**
 * date-holidays (the rules of about 200 countries) loaded by the first holiday import rather than
 * by every page: the idle server must stay under architecture.md's 150 MB (decision 017).
 */
export function loadDateHolidays(): Promise<typeof HolidaysModule> {
  loading ??= import('date-holidays').then((m) => m.default);
  return loading;
}
