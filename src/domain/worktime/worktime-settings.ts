import type { Settings } from '../settings/settings.ts';
import type { BreakRules } from './break-rules.ts';
import { DEFAULT_WARNING_LIMITS, type WarningLimits } from './work-time-warnings.ts';

/** The company's break rules as the settings hold them (decision 050). */
export function breakRulesOf(settings: Pick<Settings, 'breaksPaid' | 'autoBreakAfterMinutes' | 'autoBreakMinutes'>): BreakRules {
  return { breaksPaid: settings.breaksPaid, autoBreakAfterMinutes: settings.autoBreakAfterMinutes, autoBreakMinutes: settings.autoBreakMinutes };
}

/** The working-day limits to warn about: the law's, with the daily ordinary hours from the settings. */
export function warningLimitsOf(settings: Pick<Settings, 'maxOrdinaryDailyHours'>): WarningLimits {
  return { ...DEFAULT_WARNING_LIMITS, maxOrdinarySeconds: Math.round(settings.maxOrdinaryDailyHours * 3600) };
}
