import path from 'node:path';
import { instanceConfig } from './config/instance-config.ts';
import { checkInstanceConfigFile } from './config/config-file-check.ts';
import { dataDir } from './config/data-dir.ts';
import { closeDb, getDb, setBeforeMigrating } from './db/connection.ts';
import { backupBeforeMigrating } from './services/backups/pre-migration-backup.ts';
import { acquireDataDirLock } from './db/data-dir-lock.ts';
import { assertPortFree } from './http/port-check.ts';
import { countUsers, emailExists } from './db/repositories/users.ts';
import { createFirstAccount } from './services/first-run/create-first-account.ts';
import { ensureInitialAdmin } from './services/first-run/ensure-initial-admin.ts';
import { getSettings } from './services/get-settings.ts';
import { scheduleBackups, stopBackupSchedule } from './services/backups/backup-schedule.ts';
import { backupSource } from './services/backups/backup-source.ts';
import { registerNotificationJobs } from './services/notifications/notification-jobs.ts';
import { checkInstanceSecrets } from './services/backups/check-instance-secrets.ts';
import { schedulePunchPhotoPurge } from './services/punch/punch-photos.ts';
import { schedulePunchPositionPurge } from './services/workplaces/position-retention.ts';
import { scheduleRetentionPurge, stopRetentionPurge } from './services/retention/purge-personal-data.ts';
import { serverDatabaseHealth } from './services/database-health.ts';
import { demoKioskPinsLogLine } from './services/demo-kiosk-pins.ts';
import { DEMO_PLACE } from '#domain/demo/demo-plan.ts';
import { isKnownTimeZone } from '#domain/settings/first-run-zone.ts';
import { COUNTRIES } from '#domain/settings/settings-schema.ts';
import { ConfigurationError } from './config/configuration-error.ts';
import { log } from './log.ts';
import { startMinuteJobs, stopMinuteJobs } from './jobs/minute-jobs.ts';
import { runAsLeader } from './db/leader.ts';
import { registerScheduledJobs } from './services/notifications/scheduled/register-scheduled-jobs.ts';
import { emailChannel } from './outbox/email-channel.ts';
import { registerOutboxChannel } from './outbox/outbox-channels.ts';
import { startOutboxSender, stopOutboxSender } from './outbox/outbox-sender.ts';
import { webhookChannel } from './services/webhooks/webhook-channel.ts';

export { closeDb };
export { serve } from './serve.ts';
/**
 * The commands (backup, restore, verify, migrate-to-postgres, mcp, …) are loaded only when one runs:
 * their modules (the MCP SDK among them) would otherwise stay in a serving process's memory.
 */
export async function runCommand(args: string[]): Promise<number | null> {
  const cli = await import('./cli.ts');
  return cli.runCommand(args);
}
export { log } from './log.ts';
export { checkEnvironment, exitWithFatal } from './start-log.ts';

/** Demo sign-in logged by `npm run demo`. */
export const DEMO_ACCOUNT = { email: 'admin@demo.jornada', password: 'Demo#2026' } as const;

export interface BootOptions {
  demo?: boolean;
}

/**
 * The demo's country and zone: the demo bakery's (Spain, Madrid) unless JORNADA_COUNTRY or
 * JORNADA_TIMEZONE name another (the test suite keeps the place its fixed clocks were written
 * for; see tests/helpers/test-server.ts). A value the settings would not accept stops the start
 * with a line naming it.
 */
function demoPlace(env: NodeJS.ProcessEnv): { country: string; timezone: string } {
  const country = env['JORNADA_COUNTRY']?.trim().toUpperCase() || DEMO_PLACE.country;
  const timezone = env['JORNADA_TIMEZONE']?.trim() || DEMO_PLACE.timezone;
  if (!(COUNTRIES as readonly string[]).includes(country)) throw new ConfigurationError(`JORNADA_COUNTRY must be one of ${COUNTRIES.join(', ')}.`);
  if (!isKnownTimeZone(timezone)) throw new ConfigurationError(`JORNADA_TIMEZONE must be an IANA time zone such as Europe/Madrid.`);
  return { country, timezone };
}

/**
 * Everything that must happen before the server listens: the port checked free, instance secrets, database migrations,
 * the first account from the environment, and the demo data set when asked for. What it has to
 * tell the operator goes to the log as JSON lines (decision 041); a failure throws (a
 * ConfigurationError when the operator can fix it from its message).
 */
export async function boot(options: BootOptions = {}): Promise<void> {
  acquireDataDirLock(); // one server per DATA_DIR (decision 040)
  // A damaged config.json stops here with one line naming it, before anything reads it.
  checkInstanceConfigFile(path.join(dataDir(), 'config.json'));
  instanceConfig();
  // A port another program holds stops the start here, before any migration (decision 079).
  await assertPortFree();
  setBeforeMigrating(backupBeforeMigrating); // a copy of the file before any pending migration (decision 039)
  const db = await getDb();
  await checkInstanceSecrets(db);
  // The periodic quick_check behind /api/health starts now, not at the first probe (decision 040).
  void serverDatabaseHealth().healthy();
  log.info({ dataDir: dataDir() }, `Data directory: ${dataDir()}`);
  const created = await ensureInitialAdmin(db, process.env);
  if (created) log.info(created);
  if (options.demo) {
    if ((await countUsers(db)) === 0) {
      // A bakery in Madrid (issue 37.14); JORNADA_COUNTRY / JORNADA_TIMEZONE place it elsewhere.
      const place = demoPlace(process.env);
      const { userId, companyId } = await createFirstAccount(db, {
        company: 'Panadería La Espiga',
        fullName: 'Demo Administrator',
        email: DEMO_ACCOUNT.email,
        password: DEMO_ACCOUNT.password,
        country: place.country,
        timezone: place.timezone,
      });
      // Loaded only here: the demo data set pulls in most services, which a plain start loads on demand.
      const { seedDemoData } = await import('./services/seed-demo-data.ts');
      await seedDemoData(db, { companyId, actorId: userId });
      log.info('Demo data loaded.');
    }
    if (await emailExists(db, DEMO_ACCOUNT.email)) {
      log.info(`Demo sign-in: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
      log.info(demoKioskPinsLogLine());
    } else {
      log.info('This data directory already has accounts: the demo data set was not loaded.');
    }
  } else if ((await countUsers(db)) === 0) {
    log.info('No account yet: open the app to set up your company (first-run setup).');
  }
  // Clock snapshots past their retention period go now and once a day.
  schedulePunchPhotoPurge(db, async () => (await getSettings(db)).punchPhotoRetentionDays);
  // Punches' raw positions past their company's retention go now and once a day (decision 068).
  schedulePunchPositionPurge(db);
  // The personal data of people who left, past the record's retention and under no legal hold,
  // goes now and once a day, on one app server (decision 083).
  await runAsLeader('retention-purge', () => scheduleRetentionPurge(db), stopRetentionPurge);
  // The daily database backup at the configured time (checked every minute); on PostgreSQL one
  // app server (the leader) writes it as a portable SQLite file (decision 061, "Backups").
  await runAsLeader('backups', () => scheduleBackups(backupSource, () => getSettings(db)), stopBackupSchedule);
  // Emails and webhooks queued in the outbox (decision 054), and the jobs that queue reminders.
  registerOutboxChannel('email', emailChannel(getDb));
  registerOutboxChannel('webhook', webhookChannel(getDb));
  // One sender and one ticker per installation, however many app servers (decision 060).
  await runAsLeader('outbox', () => startOutboxSender(getDb), stopOutboxSender);
  // The automatic clock-out and the scheduled reminders (decision 056).
  registerScheduledJobs();
  // Notifications watched every minute (decision 055): a terminal silent for too long.
  registerNotificationJobs();
  await runAsLeader('minute-jobs', startMinuteJobs, stopMinuteJobs);
}
