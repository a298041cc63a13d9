// STUB of the lead's core contract (BRIEF-21); replaced by main's file at merge.
export type WorkTimeWarningKind = 'shortBreak' | 'shortRest' | 'longDay';
export interface WorkTimeWarning { date: string; kind: WorkTimeWarningKind; seconds: number; limitSeconds: number }
export interface WarningLimits { breakAfterSeconds: number; minBreakSeconds: number; minRestSeconds: number; maxOrdinarySeconds: number }
export interface WarnDay { date: string; timeIn: string; timeOut: string | null; breaks: readonly { startAt: string; endAt: string | null }[]; workedSeconds: number | null }
export const DEFAULT_WARNING_LIMITS: WarningLimits = { breakAfterSeconds: 6 * 3600, minBreakSeconds: 900, minRestSeconds: 12 * 3600, maxOrdinarySeconds: 9 * 3600 };
export function workTimeWarnings(days: readonly WarnDay[], limits: WarningLimits, previous?: WarnDay): WorkTimeWarning[] {
  const out: WorkTimeWarning[] = [];
  let prev = previous;
  for (const d of days) {
    if (d.timeOut === null || d.workedSeconds === null) { prev = d; continue; }
    if (prev?.timeOut) {
      const rest = (Date.parse(d.timeIn) - Date.parse(prev.timeOut)) / 1000;
      if (rest >= 0 && rest < limits.minRestSeconds) out.push({ date: d.date, kind: 'shortRest', seconds: rest, limitSeconds: limits.minRestSeconds });
    }
    const longest = Math.max(0, ...d.breaks.filter((b) => b.endAt).map((b) => (Date.parse(b.endAt!) - Date.parse(b.startAt)) / 1000));
    if (d.workedSeconds > limits.breakAfterSeconds && longest < limits.minBreakSeconds) out.push({ date: d.date, kind: 'shortBreak', seconds: longest, limitSeconds: limits.minBreakSeconds });
    if (limits.maxOrdinarySeconds > 0 && d.workedSeconds > limits.maxOrdinarySeconds) out.push({ date: d.date, kind: 'longDay', seconds: d.workedSeconds, limitSeconds: limits.maxOrdinarySeconds });
    prev = d;
  }
  return out;
}
export function warningLimitsOf(s: unknown): WarningLimits {
  const o = s as Record<string, unknown>;
  return { ...DEFAULT_WARNING_LIMITS, maxOrdinarySeconds: Number(o.maxOrdinaryDailyHours ?? 9) * 3600 };
}
