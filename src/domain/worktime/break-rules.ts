/**
 * How breaks count (issue 21 point 2, decision 050): the record keeps every punched instant and
 * `workedSeconds` is always check-in to check-out less the punched breaks; what COUNTS as work
 * for balances, overtime and payroll follows these rules.
 * - `breaksPaid`: punched breaks are paid time (art. 34.4 ET: when the agreement says so), so
 *   they are added back.
 * - `autoBreakAfterMinutes` (0 = off) and `autoBreakMinutes`: with unpaid breaks, a day on which
 *   no break was punched and whose work exceeds the threshold is reduced by `autoBreakMinutes`,
 *   never to less than the threshold itself (a 6 h 10 min day with a 6 h threshold and 30 min
 *   deduction counts 6 h, not 5 h 40 min: the worker cannot have taken a break they did not
 *   have time for beyond the threshold).
 */
export interface BreakRules {
  breaksPaid: boolean;
  /** Minutes of work without a punched break after which the deduction applies; 0 = off. */
  autoBreakAfterMinutes: number;
  /** Minutes deducted. */
  autoBreakMinutes: number;
}

export const DEFAULT_BREAK_RULES: Readonly<BreakRules> = { breaksPaid: false, autoBreakAfterMinutes: 0, autoBreakMinutes: 30 };

/** Bounds the settings accept (minutes). */
export const AUTO_BREAK_AFTER_RANGE = { min: 0, max: 16 * 60 } as const;
export const AUTO_BREAK_MINUTES_RANGE = { min: 1, max: 120 } as const;

export interface CountedTime {
  /** Seconds that count as work; null while the day is open. */
  counted: number | null;
  /** Seconds removed by the automatic deduction (0 when it did not apply). */
  deducted: number;
}

export function countedSeconds(day: { workedSeconds: number | null; breakSeconds: number }, rules: BreakRules): CountedTime {
  if (day.workedSeconds === null) return { counted: null, deducted: 0 };
  if (rules.breaksPaid) return { counted: day.workedSeconds + day.breakSeconds, deducted: 0 };
  const threshold = rules.autoBreakAfterMinutes * 60;
  if (threshold <= 0 || day.breakSeconds > 0 || day.workedSeconds <= threshold) return { counted: day.workedSeconds, deducted: 0 };
  const deducted = Math.min(rules.autoBreakMinutes * 60, day.workedSeconds - threshold);
  return { counted: day.workedSeconds - deducted, deducted };
}

/**
 * The break rules are effective-dated (issue 33 point 1, decision 050 update): each change says
 * from which date it applies and the history is kept, so changing a rule never rewrites an
 * earlier day. A figure computation gets either one set of rules (a pure test) or the rules in
 * force on each date (`rulesOnDate`).
 */
export type BreakRulesByDate = (date: string) => BreakRules;
export type BreakRulesInput = BreakRules | BreakRulesByDate;

/**
 * Every setting that changes a figure, effective-dated together (issue 33 leftovers, decision 050
 * update): the break rules, the daily limit of ordinary hours (the long-day warning on the record
 * and the close screen) and the lateness grace (a check-in's late seconds, stored with the day when
 * it is punched or corrected). One history holds them all (`break_rules_history`, whose name
 * predates the others), so one date says from when a change applies, whichever it is.
 */
export interface FigureRules extends BreakRules {
  /** Ordinary hours a day before the long-day warning (art. 34.3 ET: 9); 0 = agreed otherwise. */
  maxOrdinaryDailyHours: number;
  /** Minutes after the scheduled start before a check-in counts as late. */
  graceMinutes: number;
}

export const DEFAULT_FIGURE_RULES: Readonly<FigureRules> = { ...DEFAULT_BREAK_RULES, maxOrdinaryDailyHours: 9, graceMinutes: 5 };

/** The figure rules, in a fixed order (the history's comparison and the settings page). */
export const FIGURE_RULE_KEYS = ['breaksPaid', 'autoBreakAfterMinutes', 'autoBreakMinutes', 'maxOrdinaryDailyHours', 'graceMinutes'] as const satisfies readonly (keyof FigureRules)[];

/** Whether two sets of figure rules differ in any rule. */
export const figureRulesDiffer = (a: FigureRules, b: FigureRules): boolean => FIGURE_RULE_KEYS.some((k) => a[k] !== b[k]);

export type FigureRulesByDate = (date: string) => FigureRules;

/** One dated change of the rules: in force from `effectiveFrom` (YYYY-MM-DD) until the next change. */
export interface BreakRulesChange {
  id: number;
  effectiveFrom: string;
  rules: FigureRules;
  createdAt: string;
  authorId: number | null;
}

/** The rules of `date`: from the change with the latest `effectiveFrom` on or before it (the later written on a tie); the defaults before any. */
export function breakRulesOn(history: readonly BreakRulesChange[], date: string): FigureRules {
  let found: BreakRulesChange | null = null;
  for (const c of history) {
    if (c.effectiveFrom > date) continue;
    if (!found || c.effectiveFrom > found.effectiveFrom || (c.effectiveFrom === found.effectiveFrom && c.id > found.id)) found = c;
  }
  return found ? found.rules : DEFAULT_FIGURE_RULES;
}

/** The rules of one day from either form of input. */
export const rulesOfDay = (input: BreakRulesInput, date: string): BreakRules => (typeof input === 'function' ? input(date) : input);

/** A change as the settings page lists it. */
export interface BreakRulesChangeView {
  effectiveFrom: string;
  rules: FigureRules;
  createdAt: string;
  /** The account that made the change; null for the installation's first rules. */
  author: string | null;
}
