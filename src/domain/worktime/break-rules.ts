// STUB of the lead's core contract (BRIEF-21); replaced by main's file at merge.
export interface BreakRules { breaksPaid: boolean; autoBreakAfterMinutes: number; autoBreakMinutes: number }
export const DEFAULT_BREAK_RULES: Readonly<BreakRules> = { breaksPaid: false, autoBreakAfterMinutes: 0, autoBreakMinutes: 30 };
export function countedSeconds(day: { workedSeconds: number | null; breakSeconds: number }, rules: BreakRules): { counted: number | null; deducted: number } {
  if (day.workedSeconds === null) return { counted: null, deducted: 0 };
  if (rules.breaksPaid) return { counted: day.workedSeconds + day.breakSeconds, deducted: 0 };
  const after = rules.autoBreakAfterMinutes * 60;
  if (after > 0 && day.breakSeconds === 0 && day.workedSeconds > after) {
    const deducted = Math.min(rules.autoBreakMinutes * 60, day.workedSeconds - after);
    return { counted: day.workedSeconds - deducted, deducted };
  }
  return { counted: day.workedSeconds, deducted: 0 };
}
export function breakRulesOf(s: unknown): BreakRules {
  const o = s as Record<string, unknown>;
  return { breaksPaid: Boolean(o.breaksPaid), autoBreakAfterMinutes: Number(o.autoBreakAfterMinutes ?? 0), autoBreakMinutes: Number(o.autoBreakMinutes ?? 30) };
}
