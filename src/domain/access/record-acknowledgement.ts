import * as v from 'valibot';
import type { Language } from '../../i18n/languages.ts';
import { formatLocalDate } from '../format/intl-format.ts';
import { formatRecordTime } from '../format/record-time.ts';
import { isMonth } from '../reports/periods.ts';
import { localDateOf } from '../time/zoned-time.ts';

/**
 * An employee's acknowledgement of a monthly record ("I have received my record for <month>",
 * decision 036): of a past or the current month (the company's), once per employee and month.
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

/** Why a month cannot be acknowledged yet (an i18n key), or undefined when it can. */
export function acknowledgementRefusal(month: string, currentMonth: string): 'acknowledgement.futureMonth' | undefined {
  return month > currentMonth ? 'acknowledgement.futureMonth' : undefined;
}

/** "24/11/2026 09:15": when a record was acknowledged, in the given zone (the company's). */
export function formatAcknowledgedAt(at: string, timeZone: string, lang: Language, timeFormat: '1' | '2' = '1'): string {
  return `${formatLocalDate(localDateOf(at, timeZone), lang)} ${formatRecordTime(at, timeZone, lang, timeFormat)}`;
}
