import { registerMinuteJob } from '#server/jobs/minute-jobs.ts';
import { getDb } from '#server/db/connection.ts';
import { runAutoClockOut } from '../../attendance/auto-clock-out.ts';
import { sendMissedCheckInNotices } from './missed-check-in-notices.ts';
import { sendMissingCheckOutNotices } from './missing-check-out-notices.ts';
import { sendMonthlySummaries } from './monthly-summary-notices.ts';

/**
 * The time-driven parts of issue 22 (decision 056), each a minute job started at boot: the
 * automatic clock-out first (a day it closes is then reported as closed, not as open), then the
 * missing check-out, missed check-in and monthly summary notices. Each reads `nowMs()`.
 */
export function registerScheduledJobs(): void {
  registerMinuteJob('auto-clock-out', async () => {
    await runAutoClockOut(await getDb());
  });
  registerMinuteJob('missing-check-out', async () => {
    await sendMissingCheckOutNotices(await getDb());
  });
  registerMinuteJob('missed-check-in', async () => {
    await sendMissedCheckInNotices(await getDb());
  });
  registerMinuteJob('monthly-summary', async () => {
    await sendMonthlySummaries(await getDb());
  });
}
