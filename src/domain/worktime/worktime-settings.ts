import type { Settings } from '../settings/settings.ts';
import type { BreakRules, FigureRules, FigureRulesByDate } from './break-rules.ts';
import { DEFAULT_WARNING_LIMITS, type WarningLimits, type WarningLimitsByDate } from './work-time-warnings.ts';

/** The company's break rules as the settings hold them (decision 050). */
export function breakRulesOf(settings: Pick<Settings, 'breaksPaid' | 'autoBreakAfterMinutes' | 'autoBreakMinutes'>): BreakRules {
  return { breaksPaid: settings.breaksPaid, autoBreakAfterMinutes: settings.autoBreakAfterMinutes, autoBreakMinutes: settings.autoBreakMinutes };
}

/** Every figure rule as the settings form holds it (the values a PUT would make effective). */
export function figureRulesOf(settings: Pick<Settings, 'breaksPaid' | 'autoBreakAfterMinutes' | 'autoBreakMinutes' | 'maxOrdinaryDailyHours' | 'graceMinutes'>): FigureRules {
  return { ...breakRulesOf(settings), maxOrdinaryDailyHours: settings.maxOrdinaryDailyHours, graceMinutes: settings.graceMinutes };
}

/** The working-day limits to warn about: the law's, with the daily ordinary hours of the rules given. */
export function warningLimitsOf(rules: Pick<FigureRules, 'maxOrdinaryDailyHours'>): WarningLimits {
  return { ...DEFAULT_WARNING_LIMITS, maxOrdinarySeconds: Math.round(rules.maxOrdinaryDailyHours * 3600) };
}

/** The limits in force on each date (the daily ordinary hours are effective-dated, decision 050). */
export function warningLimitsOn(rules: FigureRulesByDate): WarningLimitsByDate {
  return (date) => warningLimitsOf(rules(date));
}
