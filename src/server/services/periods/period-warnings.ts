import type { MonthlyRecordDay } from '../../../domain/reports/monthly-record.ts';
import type { Period } from '../../../domain/reports/periods.ts';
import type { Settings } from '../../../domain/settings/settings.ts';

/**
 * The period's work-time warnings (short break, short rest, long day) from the record's days.
 * Until the core's workTimeWarnings lands this answers none; wired at merge (decision 051).
 */
export function periodWarnings(_days: readonly MonthlyRecordDay[], _settings: Settings, _period: Period): { date: string; kind: string }[] {
  return [];
}
