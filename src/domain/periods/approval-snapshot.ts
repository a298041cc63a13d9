import type { PayrollMonth } from '../payroll/payroll-month.ts';
import type { MonthlyRecordTotals } from '../reports/monthly-record.ts';
import { canonicalJson } from '../record-chain/record-chain.ts';
import { formatDuration, formatNumber } from '../format/intl-format.ts';
import type { Language } from '../../i18n/languages.ts';

/**
 * The figures an approval freezes (issue 33 point 1, decision 051 update): an employee's payroll
 * row (the period's PayrollMonth) and the monthly record's totals. Payroll and the record of a
 * locked period are served from it; a check compares it with a fresh computation and reports
 * every difference, never applying one.
 */
export interface SnapshotFigures {
  payroll: PayrollMonth;
  totals: MonthlyRecordTotals;
}

/** The text whose SHA-256 is the snapshot's digest in the record chain: canonical JSON, one text for one content. */
export const snapshotDigestText = (figures: { payroll: unknown; totals: unknown }): string => canonicalJson({ payroll: figures.payroll, totals: figures.totals });

/** One figure that differs: `payroll.overtimeSeconds`, `totals.workedSeconds`, …; values as canonical JSON text when not numbers. */
export interface SnapshotDifference {
  figure: string;
  snapshot: number | string | null;
  fresh: number | string | null;
}

const shown = (v: unknown): number | string | null => (v === undefined || v === null ? null : typeof v === 'number' ? v : canonicalJson(v));

/**
 * Every top-level figure of the payroll row and of the totals whose value differs between the
 * snapshot and a fresh computation, in a stable order (payroll first, then totals; by name). A
 * figure present on one side only (a layout that grew) differs too.
 */
export function snapshotDifferences(snapshot: { payroll: object; totals: object }, fresh: { payroll: object; totals: object }): SnapshotDifference[] {
  const out: SnapshotDifference[] = [];
  for (const part of ['payroll', 'totals'] as const) {
    const a = snapshot[part] as Record<string, unknown>;
    const b = fresh[part] as Record<string, unknown>;
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      if (canonicalJson(a[key] ?? null) !== canonicalJson(b[key] ?? null)) out.push({ figure: `${part}.${key}`, snapshot: shown(a[key]), fresh: shown(b[key]) });
    }
  }
  return out;
}

/** An employee's period whose approved figures differ from a fresh computation (close screen and `verify`). */
export interface SnapshotAlert {
  employeeId: number;
  employeeName: string;
  from: string;
  to: string;
  differences: SnapshotDifference[];
}

/** The alerts as the command line prints them: a heading line, then one line per figure. Empty when none. */
export function describeSnapshotAlerts(alerts: readonly SnapshotAlert[]): string[] {
  if (alerts.length === 0) return [];
  const lines = [`Approved figures differ from a fresh computation: ${alerts.length} ${alerts.length === 1 ? 'period' : 'periods'} (nothing was changed; reopen to review).`];
  for (const a of alerts) {
    for (const d of a.differences) lines.push(`  ${a.employeeName} (employee ${a.employeeId}), ${a.from}..${a.to}: ${d.figure} approved ${d.snapshot ?? '-'}, now ${d.fresh ?? '-'}.`);
  }
  return lines;
}

/** The translated name of each figure of the payroll row and the record's totals (literal keys, one per figure). */
const FIGURE_NAMES: Readonly<Record<string, string>> = {
  attendedDays: 'periods.figureName.attendedDays',
  workedDays: 'periods.figureName.workedDays',
  openDays: 'periods.figureName.openDays',
  absentDays: 'periods.figureName.absentDays',
  leaveDays: 'periods.figureName.leaveDays',
  workedSeconds: 'periods.figureName.workedSeconds',
  countedSeconds: 'periods.figureName.countedSeconds',
  breakSeconds: 'periods.figureName.breakSeconds',
  expectedSeconds: 'periods.figureName.expectedSeconds',
  ordinarySeconds: 'periods.figureName.ordinarySeconds',
  overtimeSeconds: 'periods.figureName.overtimeSeconds',
  overtimePaidSeconds: 'periods.figureName.overtimePaidSeconds',
  overtimeCompensatedSeconds: 'periods.figureName.overtimeCompensatedSeconds',
  overtimeRestSeconds: 'periods.figureName.overtimeRestSeconds',
  overtimeUnmarkedSeconds: 'periods.figureName.overtimeUnmarkedSeconds',
  complementarySeconds: 'periods.figureName.complementarySeconds',
  overtimeForceMajeureSeconds: 'periods.figureName.overtimeForceMajeureSeconds',
  complementaryAgreedSeconds: 'periods.figureName.complementaryAgreedSeconds',
  complementaryVoluntarySeconds: 'periods.figureName.complementaryVoluntarySeconds',
  complementaryExceedingSeconds: 'periods.figureName.complementaryExceedingSeconds',
  complementaryNotAllowedSeconds: 'periods.figureName.complementaryNotAllowedSeconds',
  nightSeconds: 'periods.figureName.nightSeconds',
  holidayWorkedDays: 'periods.figureName.holidayWorkedDays',
  holidayWorkedSeconds: 'periods.figureName.holidayWorkedSeconds',
  holidayNightSeconds: 'periods.figureName.holidayNightSeconds',
  restDayWorkedDays: 'periods.figureName.restDayWorkedDays',
  restDayWorkedSeconds: 'periods.figureName.restDayWorkedSeconds',
  lateDays: 'periods.figureName.lateDays',
  lateSeconds: 'periods.figureName.lateSeconds',
  earlyDepartureDays: 'periods.figureName.earlyDepartureDays',
  earlyDepartureSeconds: 'periods.figureName.earlyDepartureSeconds',
  unjustifiedDates: 'periods.figureName.unjustifiedDates',
  overtimeMarks: 'periods.figureName.overtimeMarks',
  leaveSeconds: 'periods.figureName.leaveSeconds',
  absences: 'periods.figureName.absences',
  unjustifiedDays: 'periods.figureName.unjustifiedDays',
  unjustifiedSeconds: 'periods.figureName.unjustifiedSeconds',
  autoBreakDeductedSeconds: 'periods.figureName.autoBreakDeductedSeconds',
  onSiteDays: 'periods.figureName.onSiteDays',
  remoteDays: 'periods.figureName.remoteDays',
  timeApart: 'periods.figureName.timeApart',
};

const FIGURE_PARTS: Readonly<Record<string, string>> = { payroll: 'periods.figurePart.payroll', totals: 'periods.figurePart.totals' };

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A figure's name as people read it: "overtime (payroll)", "horas ordinarias (registro)"; an unknown one keeps its identifier. */
export function snapshotFigureLabel(figure: string, t: Translate): string {
  const [part = '', name = ''] = figure.split('.', 2);
  const nameKey = FIGURE_NAMES[name];
  const partKey = FIGURE_PARTS[part];
  return nameKey && partKey ? t('periods.figureLabel', { name: t(nameKey), part: t(partKey) }) : figure;
}

/**
 * A figure's value in its unit: seconds as "7 h 30 min", counts as numbers, a list (dates, marks,
 * absences by type) by how many items it has, a missing one as "—".
 */
export function snapshotFigureValue(figure: string, value: number | string | null, t: Translate, lang: Language): string {
  if (value === null) return '—';
  if (typeof value === 'number') return figure.endsWith('Seconds') ? formatDuration(value, lang) : formatNumber(value, lang);
  try {
    const parsed = JSON.parse(value) as unknown;
    if (Array.isArray(parsed)) return t('periods.figureItems', { count: parsed.length });
  } catch {
    // Not JSON: shown as it is.
  }
  return value;
}

/** One line per differing figure, translated: the figure's name, both values in their unit (close screen and Settings → Record integrity). */
export function snapshotAlertLines(alerts: readonly SnapshotAlert[], t: Translate, lang: Language): string[] {
  return alerts.flatMap((a) =>
    a.differences.map((d) =>
      t('periods.snapshotAlertLine', {
        employee: a.employeeName,
        from: a.from,
        to: a.to,
        figure: snapshotFigureLabel(d.figure, t),
        snapshot: snapshotFigureValue(d.figure, d.snapshot, t, lang),
        fresh: snapshotFigureValue(d.figure, d.fresh, t, lang),
      }),
    ),
  );
}
