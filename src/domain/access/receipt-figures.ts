import { canonicalJson } from '../record-chain/record-chain.ts';
import type { MonthlyRecordDay } from '../reports/monthly-record.ts';

/**
 * What a worker's receipt of a monthly record vouches for (decision 077): per day, exactly these
 * figures of the record as built. A digest of them is kept with the receipt and compared with
 * the record as built now on every read (`monthlyRecords`), so a change of any day after receipt
 * shows whoever wrote it. States that move with the clock alone (the worker's answer to a
 * correction, the warnings) and bookkeeping (reasons, terminals) are left out: they change no figure.
 */
export const RECEIPT_FIGURES = [
  'date',
  'kind',
  'timeIn',
  'timeOut',
  'breakSeconds',
  'workedSeconds',
  'countedSeconds',
  'expectedSeconds',
  'overtimeSeconds',
  'complementarySeconds',
  'leaveType',
  'holiday',
  'workMode',
  'overtimeCompensation',
] as const satisfies readonly (keyof MonthlyRecordDay)[];

/** The canonical text the receipt digest is taken of (the caller hashes it: SHA-256 on the server). */
export function receiptFiguresText(days: readonly MonthlyRecordDay[]): string {
  return canonicalJson(
    days.map((day) => ({
      ...Object.fromEntries(RECEIPT_FIGURES.map((f) => [f, day[f] ?? null])),
      // A voided entry is a change of the day even when nothing counted moved.
      voided: day.voided.length,
    })),
  );
}

/** A receipt as the record shows it: when, and whether (and when last) the month changed after it. */
export interface ReceiptState {
  acknowledgedAt: string;
  /** The figures differ from those received; the worker is asked to acknowledge again. */
  changed: boolean;
  /** The latest recorded write of the month after receipt, when `changed` and it can be dated. */
  changedAt: string | null;
}

/** The record-chain kinds whose entries can date a change of an employee's month (decision 077). */
export const DATING_KINDS = ['attendance', 'leave', 'schedule', 'holiday', 'contract', 'standby', 'interruption'] as const;
export type DatingKind = (typeof DATING_KINDS)[number];

/**
 * Whether a chain entry's payload (the row's figures; for a deletion, the row's last payload
 * before it) concerns the employee's month `from`..`to`: their day of that month, their leave or
 * schedule overlapping it, their contract terms from before its end, or their company's holiday in it.
 */
export function entryTouchesMonth(kind: DatingKind, payload: Record<string, unknown>, who: { employeeId: number; companyId: number }, from: string, to: string): boolean {
  const str = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : null);
  const inMonth = (date: string | null) => date !== null && from <= date && date <= to;
  const overlaps = () => (str('fromDate') ?? '') <= to && (str('toDate') ?? '9999-12-31') >= from;
  if (kind === 'holiday') return payload['companyId'] === who.companyId && inMonth(str('date'));
  if (payload['employeeId'] !== who.employeeId) return false;
  if (kind === 'attendance' || kind === 'standby' || kind === 'interruption') return inMonth(str('date'));
  if (kind === 'contract') return (str('effectiveFrom') ?? '') <= to;
  return overlaps();
}
