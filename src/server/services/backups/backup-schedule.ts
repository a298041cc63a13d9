import { backupDue } from '#domain/backups/backup-rules.ts';
import type { Settings } from '#domain/settings/settings.ts';
import { nowMs } from '../../clock/now.ts';
import { getDb } from '../../db/connection.ts';
import { notifyBackupFailed } from '../notifications/notify-backup-failed.ts';
import { log } from '../../log.ts';
import { onShutdown } from '../../shutdown-hooks.ts';
import { readBackupStatus, updateBackupStatus } from './backup-status.ts';
import { createBackup, operatorMessage, type BackupResult, type BackupOptions, type BackupSource } from './create-backup.ts';

/** Pages per step in the server: ~4 MB at a time, so requests are served between steps. */
export const SERVER_PAGES_PER_STEP = 1000;
const CHECK_MS = 60_000;

let chain: Promise<unknown> = Promise.resolve();

/** Runs backups of this process one after another (a second click waits for the first). */
export function runBackupExclusive(source: BackupSource, options: BackupOptions): Promise<BackupResult> {
  const run = chain.then(() => createBackup(source, options));
  chain = run.catch(() => undefined);
  return run;
}

/** How often the schedule is checked: once a minute; tests (JORNADA_TEST=1) may set JORNADA_BACKUP_CHECK_MS. */
function checkInterval(): number {
  const fromTest = process.env['JORNADA_TEST'] === '1' ? Number(process.env['JORNADA_BACKUP_CHECK_MS']) : Number.NaN;
  return Number.isFinite(fromTest) && fromTest >= 50 ? fromTest : CHECK_MS;
}

let timer: NodeJS.Timeout | undefined;
let checking: Promise<void> | undefined;
let unregister: (() => void) | undefined;

/**
 * The daily backup. Every minute it compares now (the business clock, fakeable in tests) with the
 * configured time in the company time zone and the last scheduled run, so a slot missed while the
 * server was stopped is made up at start. Each slot is attempted once; a failure is recorded for
 * the settings page and retried at the next slot (or by "Back up now"). Timers are unref'ed.
 */
export function scheduleBackups(source: () => Promise<BackupSource>, settings: () => Promise<Settings>): void {
  const startedAt = nowMs();
  const check = async () => {
    try {
      const { backupTime, backupKeep, timezone } = await settings();
      const status = readBackupStatus();
      const last = Date.parse(status.lastScheduledAt ?? status.lastSuccess?.at ?? '') || startedAt;
      const now = nowMs();
      // Debug only: a test waits for checks to have happened instead of sleeping.
      log.debug({ at: new Date(now).toISOString() }, 'Backup schedule checked');
      if (!backupDue(now, last, backupTime, timezone)) return;
      updateBackupStatus({ lastScheduledAt: new Date(now).toISOString() });
      const result = await runBackupExclusive(await source(), { keep: backupKeep, trigger: 'scheduled', pagesPerStep: SERVER_PAGES_PER_STEP });
      log.info({ file: result.file, bytes: result.bytes, removed: result.removed }, 'Scheduled backup written');
    } catch (error) {
      log.error({ reason: operatorMessage(error) }, 'Scheduled backup failed');
      await notifyBackupFailed(await getDb(), { at: new Date(nowMs()).toISOString(), reason: operatorMessage(error), trigger: 'scheduled' });
    }
  };
  const tick = () => {
    checking ??= check().finally(() => (checking = undefined));
  };
  if (timer) clearInterval(timer);
  timer = setInterval(tick, checkInterval());
  timer.unref();
  unregister ??= onShutdown(stopBackupSchedule);
  tick();
}

/** Stops the schedule and waits for a backup in progress (graceful shutdown). */
export async function stopBackupSchedule(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = undefined;
  unregister?.();
  unregister = undefined;
  await checking;
  await chain;
}
