import { describe, expect, it } from 'vitest';
import { failedStep, formatMarkdown, formatNumber, formatTable, judge, percentile, summary } from '../../bench/lib/verdict.ts';

const row = (measured: number, direction: 'max' | 'min' = 'max') => judge({ budget: 3, name: 'HTML /employees', measured, limit: 300, unit: 'ms', direction });

describe('bench verdicts', () => {
  it('takes nearest-rank percentiles', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 99)).toBe(10);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([42], 95)).toBe(42);
    expect(() => percentile([], 50)).toThrow();
  });

  it('passes a ceiling strictly under the limit and a floor at or over it', () => {
    expect(row(299).pass).toBe(true);
    expect(row(300).pass).toBe(false);
    expect(row(150).ratio).toBe(0.5);
    expect(row(300, 'min').pass).toBe(true);
    expect(row(299, 'min').pass).toBe(false);
  });

  it('never passes a failed measurement', () => {
    expect(row(Number.NaN).pass).toBe(false);
    expect(row(Number.NaN, 'min').pass).toBe(false);
    expect(row(Number.POSITIVE_INFINITY, 'min').pass).toBe(false);
  });

  it('prints one aligned line per row with the verdict, and counts them', () => {
    const rows = [row(120), row(450)];
    const lines = formatTable(rows).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^#\s+budget\s+measured\s+limit\s+ratio\s+verdict/);
    expect(lines[2]).toContain('120 ms');
    expect(lines[2]).toContain('< 300 ms');
    expect(lines[2]).toContain('0.40');
    expect(lines[2]).toContain('PASS');
    expect(lines[3]).toContain('FAIL');
    expect(lines[2]!.indexOf('PASS')).toBe(lines[3]!.indexOf('FAIL'));
    expect(summary(rows)).toEqual({ passed: 1, failed: 1 });
    expect(formatMarkdown(rows).split('\n')[2]).toBe('| 3 | HTML /employees | 120 ms | < 300 ms | 0.40 | PASS |  |');
  });

  it('shows informational rows without counting them', () => {
    const beyond = judge({ budget: 3, name: 'a year', measured: 400, limit: 300, unit: 'ms', direction: 'max', informational: true });
    expect(beyond.pass).toBe(false);
    expect(formatTable([beyond])).toContain('INFO, over');
    expect(summary([row(120), beyond])).toEqual({ passed: 1, failed: 0 });
  });

  it('formats numbers by size', () => {
    expect(formatNumber(12_681.4)).toBe('12,681');
    expect(formatNumber(147.2)).toBe('147');
    expect(formatNumber(13.24)).toBe('13.2');
    expect(formatNumber(0.713)).toBe('0.71');
  });
});

describe('a bench that throws', () => {
  it('is a failed row of the table, and the other rows still print', () => {
    const rows = [row(120), judge(failedStep('kiosk', new Error('punch 3 (check-in) not recorded: face not recognised\n    at stack')))];
    expect(rows[1]).toMatchObject({ name: 'kiosk: did not finish', pass: false, detail: 'punch 3 (check-in) not recorded: face not recognised' });
    expect(summary(rows)).toEqual({ passed: 1, failed: 1 });
    const table = formatTable(rows);
    expect(table).toContain('HTML /employees');
    expect(table).toMatch(/kiosk: did not finish.*FAIL/);
  });
});
