import { addDays, localDateOf, localTimeOf } from '../time/zoned-time.ts';

/** Local time (company zone) on the 1st from which last month's summary is sent. */
export const MONTHLY_SUMMARY_TIME = '08:00';
/** Days of the month in which a summary not sent yet (the server was down on the 1st) still goes. */
export const MONTHLY_SUMMARY_DAYS = 3;

/**
 * The month (`YYYY-MM`) whose summary is due at `nowMs`, or null (decision 056): the previous
 * month, from 08:00 on the 1st in the company zone until the end of the 3rd (a server that was
 * down on the 1st still sends it; a summary weeks late would only confuse). The caller sends once
 * per employee and month (dedupe key).
 */
export function dueSummaryMonth(companyZone: string, nowMs: number): string | null {
  const today = localDateOf(nowMs, companyZone);
  const day = Number(today.slice(8, 10));
  if (day > MONTHLY_SUMMARY_DAYS) return null;
  if (day === 1 && localTimeOf(nowMs, companyZone) < MONTHLY_SUMMARY_TIME) return null;
  return addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
}
