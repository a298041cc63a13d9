import { existsSync } from 'node:fs';
import { openDatabaseFile, tableNames, type DatabaseFile } from './db/database-file.ts';
import { createBackup, operatorMessage } from './services/backups/create-backup.ts';
import { restoreDatabase, RestoreRefused, storedBackupKeep } from './services/backups/restore-database.ts';
import { createKysely, databaseFile } from './db/connection.ts';
import { describeBrokenChain, shortHead } from '../domain/record-chain/record-chain.ts';
import { describeSnapshotAlerts } from '../domain/periods/approval-snapshot.ts';
import { verifyRecordChain } from './services/record-chain/verify-record-chain.ts';
import { migrateToPostgres, MigrationToPostgresFailed, shownUrl } from './services/migrate-to-postgres.ts';
import { postgresUrl } from './db/engine.ts';
import { createPostgresKysely } from './db/postgres/postgres-kysely.ts';
import { getSettings } from './services/get-settings.ts';

/**
 * Every environment variable Jornada reads (keep in step with `grep -rn process.env src scripts`).
 * [name, default, meaning]
 */
const ENVIRONMENT: ReadonlyArray<readonly [string, string, string]> = [
  ['PORT', '4321', 'TCP port the server listens on.'],
  ['HOST', '0.0.0.0', 'Address the server listens on (127.0.0.1 = this machine only).'],
  ['DATA_DIR', './data', 'Folder of the database (jornada.db), uploads, backups/ and config.json.'],
  [
    'DATABASE_URL',
    '-',
    'postgres://user:password@host:5432/name = use that PostgreSQL database instead of DATA_DIR/jornada.db (several app servers on one database; docs/postgresql.md). Every server needs the same config.json.',
  ],
  ['DATABASE_POOL_SIZE', '10', 'PostgreSQL only: connections each server keeps open.'],
  ['JORNADA_ADMIN_EMAIL', '-', 'With JORNADA_ADMIN_PASSWORD and no account yet: creates the first SuperAdmin at start.'],
  ['JORNADA_ADMIN_PASSWORD', '-', 'Password of that first SuperAdmin.'],
  ['JORNADA_ADMIN_NAME', 'Administrator', 'Name of that first SuperAdmin.'],
  ['JORNADA_COMPANY', 'My company', 'Company created with that first SuperAdmin.'],
  ['JORNADA_COUNTRY', 'UK', 'With that first SuperAdmin: the country (a code such as ES) whose holidays are offered.'],
  ['JORNADA_TIMEZONE', 'Europe/Lisbon', 'With that first SuperAdmin: the time zone of the record (e.g. Europe/Madrid).'],
  [
    'JORNADA_ALLOWED_HOSTS',
    '-',
    'Host names the server answers to, comma-separated (fichajes.example.com, *.example.com); others get 421 (DNS-rebinding defence). localhost and IP addresses always work. Empty: any host.',
  ],
  ['LOG_LEVEL', 'info', 'Log level: fatal, error, warn, info, debug, trace or silent (JSON lines on stdout).'],
  ['JORNADA_CACHE_DIR', '~/.cache/jornada', 'Single binary only: where it unpacks its native libraries ($XDG_CACHE_HOME/jornada when set).'],
  ['MALLOC_MMAP_THRESHOLD_', '1048576', 'Linux (glibc): set by Jornada at start (it re-executes itself in place) to keep memory low; a value you set is kept.'],
  ['UV_THREADPOOL_SIZE', '6', 'Linux: set by Jornada at start like MALLOC_MMAP_THRESHOLD_ (libuv threads: 2 for password hashes, the rest for files and crypto); a value you set is kept.'],
  ['JORNADA_NO_BUILD', '-', 'npm start only: 1 = do not check the build (same as --no-build).'],
  ['NODE_ENV', '-', 'npm start only: production = never build at start; a missing or stale build stops the start (run npm run build).'],
  ['JORNADA_DIST', 'dist', 'npm scripts only: the build folder.'],
  ['DATABASE_URL', '-', 'postgres://user:password@host:5432/db selects PostgreSQL (several app servers on one database, docs/postgresql.md); unset: SQLite in DATA_DIR/jornada.db.'],
  ['DATABASE_POOL_SIZE', '10', 'PostgreSQL only: connections per app server.'],
  ['INIT_CWD', '-', 'Set by npm: npm run restore -- FILE reads a relative FILE from that folder.'],
];

/** Read only when JORNADA_TEST=1 (the test suite): never set them on a real installation. */
const TEST_ENVIRONMENT = ['JORNADA_TEST', 'JORNADA_FAKE_NOW', 'JORNADA_FAKE_NOW_FILE', 'JORNADA_BACKUP_CHECK_MS', 'JORNADA_QUICK_CHECK_MS', 'JORNADA_JOBS_CHECK_MS', 'JORNADA_OUTBOX_POLL_MS', 'JORNADA_LEADER_RETRY_MS'];

export function usage(): string {
  const width = Math.max(...ENVIRONMENT.map(([name]) => name.length)) + 2;
  return [
    'Jornada — time and attendance',
    '',
    'Usage:',
    '  jornada                 start the server (npm start; --demo loads the demo data set)',
    '  jornada backup          back up now into DATA_DIR/backups and print the file: one file with',
    '                          the database, the uploads and config.json (SENSITIVE: holds the',
    '                          instance secrets; mode 0600). Works while the server runs',
    '  jornada restore FILE [--reset-pins]',
    '                          put back a backup (database, uploads, config.json); stop the',
    '                          server first (a safety backup of the current state is made first).',
    '                          Refused when the secrets do not match the PINs; --reset-pins',
    '                          restores anyway and clears every PIN (employees need new ones)',
    '  jornada verify          check the tamper-evident record chain against the punches,',
    '                          corrections and voidings (works while the server runs); exit 0',
    '                          when intact, 1 counting the broken entries and naming the',
    '                          first 100, or listing approved figures that differ from a',
    '                          fresh computation',
    '  jornada migrate-to-postgres DATABASE_URL',
    '                          copy DATA_DIR/jornada.db into an empty PostgreSQL database (stop',
    '                          the server first), then check row counts and the record chain;',
    '                          on any failure nothing is kept (docs/postgresql.md)',
    '  jornada healthcheck     single binary only: exit 0 when the server on HOST:PORT answers',
    '                          /api/health (for container and service health checks)',
    '  jornada --help, -h      this text',
    '',
    'With npm: npm start -- --help, npm run backup, npm run restore -- FILE, npm run verify,',
    '  npm run migrate-to-postgres -- DATABASE_URL.',
    '',
    'Environment:',
    ...ENVIRONMENT.map(([name, fallback, meaning]) => `  ${name.padEnd(width)}${meaning} Default: ${fallback}.`.replace('Default: -.', '').trimEnd()),
    `  Test suite only (ignored unless JORNADA_TEST=1): ${TEST_ENVIRONMENT.join(', ')}.`,
  ].join('\n');
}

/** `backup`: an online backup through a connection of its own (the server may keep running). */
async function backupCommand(): Promise<number> {
  const url = postgresUrl();
  if (url) return postgresBackupCommand(url);
  const file = databaseFile();
  if (!existsSync(file)) {
    console.error(`There is no database at ${file} (set DATA_DIR to the folder of jornada.db).`);
    return 1;
  }
  let db: DatabaseFile | undefined;
  try {
    db = openDatabaseFile(file, { busyTimeoutMs: 5000 });
    const result = await createBackup(db, { keep: storedBackupKeep(db), trigger: 'command' });
    console.log(result.file);
    console.error(
      `Backup verified (integrity ok), ${result.bytes} bytes: the database, config.json and ${result.uploads} uploaded file(s). It holds the instance secrets: keep it private.` +
        (result.removed.length > 0 ? ` Removed ${result.removed.length} old backup(s): ${result.removed.join(', ')}.` : ''),
    );
    return 0;
  } catch (error) {
    console.error(`Backup failed: ${operatorMessage(error)}`);
    return 1;
  } finally {
    db?.close();
  }
}

/** `backup` on PostgreSQL: the database copied into a portable SQLite backup file (decision 061). */
async function postgresBackupCommand(url: string): Promise<number> {
  const { db, pool } = createPostgresKysely(url, { max: 2 });
  try {
    const { backupKeep } = await getSettings(db);
    const result = await createBackup({ postgres: pool }, { keep: backupKeep, trigger: 'command' });
    console.log(result.file);
    console.error(`Backup of ${shownUrl(url)} verified (integrity ok), ${result.bytes} bytes, with config.json and ${result.uploads} uploaded file(s). It holds the instance secrets: keep it private.`);
    return 0;
  } catch (error) {
    console.error(`Backup failed: ${operatorMessage(error)}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

function reportChain(result: Awaited<ReturnType<typeof verifyRecordChain>>): number {
  for (const c of result.companies) {
    console.error(`${c.companyName}: ${c.head ? `head ${shortHead(c.head)} (${c.head.createdAt})` : 'nothing recorded yet'}`);
  }
  const differ = result.approvedFigures ?? [];
  // A distinct problem: approved figures a fresh computation no longer gives (decision 051).
  for (const line of describeSnapshotAlerts(differ)) console.log(line);
  if (!result.ok) {
    // Every broken entry is counted; the first 100 are named, one a line.
    for (const line of describeBrokenChain(result)) console.log(line);
    return 1;
  }
  console.log(`Record chain intact: ${result.entries} entries checked.`);
  return differ.length > 0 ? 1 : 0;
}

/** `verify`: the record chain's check (decision 033) on a read-only connection of its own. */
async function verifyCommand(): Promise<number> {
  const url = postgresUrl();
  if (url) {
    // PostgreSQL: the same check on the database DATABASE_URL names.
    const { db } = createPostgresKysely(url, { max: 1 });
    try {
      return reportChain(await verifyRecordChain(db));
    } catch (error) {
      console.error(`Verify failed: ${operatorMessage(error)}`);
      return 1;
    } finally {
      await db.destroy();
    }
  }
  const file = databaseFile();
  if (!existsSync(file)) {
    console.error(`There is no database at ${file} (set DATA_DIR to the folder of jornada.db).`);
    return 1;
  }
  let db: DatabaseFile | undefined;
  try {
    db = openDatabaseFile(file, { busyTimeoutMs: 5000, readonly: true });
    if (!tableNames(db).has('record_chain')) {
      console.error('This database has no record chain yet: start the server once with this version (it upgrades the database).');
      return 1;
    }
    return reportChain(await verifyRecordChain(createKysely(db)));
  } catch (error) {
    console.error(`Verify failed: ${operatorMessage(error)}`);
    return 1;
  } finally {
    db?.close();
  }
}

/** `migrate-to-postgres URL`: moves the installation's SQLite database into PostgreSQL (decision 061). */
async function migrateToPostgresCommand(url: string | undefined): Promise<number> {
  if (!url || !postgresUrl({ DATABASE_URL: url })) {
    console.error('migrate-to-postgres needs the target: jornada migrate-to-postgres postgres://user:password@host:5432/database\n');
    return 2;
  }
  try {
    const started = performance.now();
    const result = await migrateToPostgres(url, (line) => console.error(line));
    console.log(
      `Copied ${result.rows} rows in ${result.perTable.length} tables into ${shownUrl(url)} in ${Math.round(performance.now() - started)} ms; ` +
        `row counts match and the record chain verifies (${result.chainEntries} entries). ` +
        'Start the app servers with DATABASE_URL set to it (the same config.json on every server); keep the SQLite file as a backup.',
    );
    return 0;
  } catch (error) {
    console.error(`Migration refused: ${error instanceof MigrationToPostgresFailed ? error.message : operatorMessage(error)} Nothing was copied.`);
    return 1;
  }
}

async function restoreCommand(file: string | undefined, resetPins: boolean): Promise<number> {
  if (!file) {
    console.error('restore needs the backup file: jornada restore FILE [--reset-pins]\n');
    console.error(usage());
    return 2;
  }
  try {
    for (const line of await restoreDatabase(file, { resetPins })) console.log(line);
    return 0;
  } catch (error) {
    console.error(`Restore refused: ${error instanceof RestoreRefused ? error.message : operatorMessage(error)}`);
    return 1;
  }
}

/**
 * The command line shared by `npm start` (scripts/start.mjs) and the single binary. `args` are the
 * arguments after the program; options of the caller (`--demo`, `--no-build`) are ignored here.
 * Returns the exit code, or null when no command was given and the caller should serve.
 * Commands never start the HTTP server.
 */
export async function runCommand(args: string[]): Promise<number | null> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage());
    return 0;
  }
  const words = args.filter((a) => !a.startsWith('-'));
  const [command, ...rest] = words;
  if (command === undefined) return null;
  if (command === 'help') {
    console.log(usage());
    return 0;
  }
  if (command === 'backup' && rest.length === 0) return backupCommand();
  if (command === 'restore' && rest.length <= 1) return restoreCommand(rest[0], args.includes('--reset-pins'));
  if (command === 'verify' && rest.length === 0) return verifyCommand();
  if (command === 'migrate-to-postgres' && rest.length <= 1) return migrateToPostgresCommand(rest[0]);
  console.error(`Unknown command: ${words.join(' ')}\n`);
  console.error(usage());
  return 2;
}
