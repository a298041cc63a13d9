import * as v from 'valibot';
import type { Language } from '../../i18n/languages.ts';
import { formatLocalDate } from '../format/intl-format.ts';
import { formatRecordTime } from '../format/record-time.ts';
import { isMonth } from '../reports/periods.ts';
import { localDateOf } from '../time/zoned-time.ts';
import type { ReceiptState } from './receipt-figures.ts';

/**
 * An employee's acknowledgement of a monthly record ("I have received my record for <month>",
 * decision 036): of a month that has ended in the company's time zone (decision 077), once per
 * employee and month, and again after the month's figures changed.
 */

export const AcknowledgeMonthSchema = v.object(
  {
    month: v.pipe(
      v.string('validation.required'),
      v.check((m) => isMonth(m), 'acknowledgement.badMonth'),
    ),
    /** Optional: when given it must be the account's own employee (another's is a 404). */
    employee: v.optional(v.pipe(v.number('validation.invalidInput'), v.integer('validation.invalidInput'), v.minValue(1, 'validation.invalidInput'))),
  },
  'validation.required',
);
export type AcknowledgeMonthInput = v.InferOutput<typeof AcknowledgeMonthSchema>;

/**
 * Why a month cannot be acknowledged yet (an i18n key), or undefined when it can: only once it
 * has ended, so `currentMonth` (the company's, from the clock) must be later (decision 077).
 */
export function acknowledgementRefusal(month: string, currentMonth: string): 'acknowledgement.monthNotEnded' | undefined {
  return month >= currentMonth ? 'acknowledgement.monthNotEnded' : undefined;
}

/** "24/11/2026 09:15": when a record was acknowledged, in the given zone (the company's). */
export function formatAcknowledgedAt(at: string, timeZone: string, lang: Language, timeFormat: '1' | '2' = '1'): string {
  return `${formatLocalDate(localDateOf(at, timeZone), lang)} ${formatRecordTime(at, timeZone, lang, timeFormat)}`;
}

/**
 * The receipt as every record prints it (page, PDF, Excel; decision 077): "24/11/2026 09:15", or
 * with "; changed after receipt on 02/12/2026 10:00" when the month's figures changed after it.
 */
export function receiptText(receipt: ReceiptState, timeZone: string, lang: Language, timeFormat: '1' | '2', t: (key: string, params?: Record<string, unknown>) => string): string {
  const date = formatAcknowledgedAt(receipt.acknowledgedAt, timeZone, lang, timeFormat);
  if (!receipt.changed) return date;
  if (receipt.changedAt === null) return t('acknowledgement.changedAfterUndated', { date });
  return t('acknowledgement.changedAfter', { date, changed: formatAcknowledgedAt(receipt.changedAt, timeZone, lang, timeFormat) });
}

/** A record entry's receipt: its compared state, or an unchanged one when only the instant is known. */
export function receiptOf(entry: { acknowledgedAt: string | null; receipt?: ReceiptState | null }): ReceiptState | null {
  if (entry.receipt) return entry.receipt;
  return entry.acknowledgedAt ? { acknowledgedAt: entry.acknowledgedAt, changed: false, changedAt: null } : null;
}
