// Counts of one vitest JSON report (scripts/test.mjs). A file that fails with failing tests counts
// those tests; a file that fails without any (it did not load, a hook threw) counts once. Vitest's
// own numFailedTests + numFailedTestSuites counted such a file twice ("4 failed" where 2 failed).
import { existsSync, readFileSync } from 'node:fs';

/** @returns {{ passed: number, failed: number, skipped: number, readable: boolean }} */
export function countReport(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0, readable: false };
  try {
    return countReportData(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 0, skipped: 0, readable: false };
  }
}

export function countReportData(data) {
  const passed = data.numPassedTests ?? 0;
  const skipped = (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0);
  let failed = data.numFailedTests ?? 0;
  for (const file of data.testResults ?? []) {
    const failedInside = (file.assertionResults ?? []).some((t) => t.status === 'failed');
    if (file.status === 'failed' && !failedInside) failed += 1;
  }
  return { passed, failed, skipped, readable: true };
}
