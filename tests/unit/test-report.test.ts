import { describe, expect, it } from 'vitest';
import { countReportData } from '../../scripts/test-report.mjs';

const file = (status: string, tests: string[]) => ({ status, assertionResults: tests.map((s) => ({ status: s })) });

describe("npm test's summary line", () => {
  it('counts failed tests, not failed tests plus the files they are in', () => {
    const data = {
      numPassedTests: 3,
      numFailedTests: 2,
      numFailedTestSuites: 2,
      numPendingTests: 1,
      testResults: [file('failed', ['passed', 'failed']), file('failed', ['failed', 'passed']), file('passed', ['passed', 'skipped'])],
    };
    expect(countReportData(data)).toEqual({ passed: 3, failed: 2, skipped: 1, readable: true });
  });

  it('counts a file that failed without a failing test (it did not load) once', () => {
    const data = { numPassedTests: 1, numFailedTests: 0, numFailedTestSuites: 1, testResults: [file('failed', []), file('passed', ['passed'])] };
    expect(countReportData(data)).toEqual({ passed: 1, failed: 1, skipped: 0, readable: true });
  });
});
