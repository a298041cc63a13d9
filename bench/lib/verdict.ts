// Pure helpers of the benchmark report (bench/run.mjs): percentiles, one row per measured budget
// with its ratio and verdict, and the terminal table. No I/O; unit-tested in tests/unit/bench-verdict.test.ts.

/** 'max': the measurement must stay under the limit (times, sizes); 'min': reach at least it (throughput). */
export type Direction = 'max' | 'min';

export interface BudgetInput {
  /** docs/architecture.md budget number (1-7) the row belongs to. */
  budget: number;
  /** What was measured, e.g. "HTML /employees (median)". */
  name: string;
  measured: number;
  limit: number;
  unit: string;
  direction: Direction;
  /** Optional extra figures for results.json and the table's last column. */
  detail?: string;
  /** Further figures kept in results.json only. */
  extra?: unknown;
  /** Measured against the limit for comparison but outside the budget's definition: shown as INFO, not counted. */
  informational?: boolean;
}

export interface BudgetRow extends BudgetInput {
  /** measured ÷ limit: under 1 passes a 'max' budget, 1 or more passes a 'min' budget. */
  ratio: number;
  pass: boolean;
}

/** The p-th percentile (nearest rank, p in 0-100) of a non-empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** The verdict of one measurement against its limit. A non-finite measurement (it failed) never passes. */
export function judge(input: BudgetInput): BudgetRow {
  const ratio = input.measured / input.limit;
  const ok = Number.isFinite(input.measured) && (input.direction === 'max' ? input.measured < input.limit : input.measured >= input.limit);
  return { ...input, ratio, pass: ok };
}

/** The row of a bench that threw before it measured anything: counted as a failed budget. */
export function failedStep(name: string, error: unknown): BudgetInput {
  const message = error instanceof Error ? error.message : String(error);
  return { budget: 0, name: `${name}: did not finish`, measured: Number.NaN, limit: 1, unit: '', direction: 'max', detail: message.split('\n')[0]!.slice(0, 200) };
}

/** A number with a sensible number of digits for its size. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en-US');
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

const limitText = (row: BudgetRow) => `${row.direction === 'max' ? '<' : '≥'} ${formatNumber(row.limit)} ${row.unit}`;
const cells = (row: BudgetRow) => [
  String(row.budget),
  row.name,
  `${formatNumber(row.measured)} ${row.unit}`,
  limitText(row),
  row.ratio.toFixed(2),
  row.informational ? (row.pass ? 'info' : 'INFO, over') : row.pass ? 'PASS' : 'FAIL',
  row.detail ?? '',
];
const HEADER = ['#', 'budget', 'measured', 'limit', 'ratio', 'verdict', 'detail'];

/** A plain-text table for the terminal, columns padded to their widest cell. */
export function formatTable(rows: readonly BudgetRow[]): string {
  const table = [HEADER, ...rows.map(cells)];
  const widths = HEADER.map((_, c) => Math.max(...table.map((r) => r[c]!.length)));
  const line = (r: string[]) =>
    r
      .map((cell, c) => (c === 4 || c === 2 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join('  ')
      .trimEnd();
  return [line(HEADER), widths.map((w) => '-'.repeat(w)).join('  '), ...table.slice(1).map(line)].join('\n');
}

/** The same table in Markdown (for the README and reports). */
export function formatMarkdown(rows: readonly BudgetRow[]): string {
  const escape = (s: string) => s.replace(/\|/g, '\\|');
  return [`| ${HEADER.join(' | ')} |`, `|${HEADER.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${cells(r).map(escape).join(' | ')} |`)].join('\n');
}

/** Counts of passing and failing budget rows (informational rows are not counted). */
export function summary(rows: readonly BudgetRow[]): { passed: number; failed: number } {
  const counted = rows.filter((r) => !r.informational);
  const passed = counted.filter((r) => r.pass).length;
  return { passed, failed: counted.length - passed };
}
