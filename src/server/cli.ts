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
import { migrations } from './db/migrations/index.ts';
import pkg from '#package.json';
import { usage } from './cli-usage.ts';
import { giveToDataDirOwner, ownerLine } from './services/backups/data-dir-owner.ts';

export { usage };

/** Run as root: what the command wrote under DATA_DIR goes to the folder's owner (data-dir-owner.ts). */
function handBackToOwner(): void {
  try {
    const line = ownerLine(giveToDataDirOwner());
    if (line) console.error(line);
  } catch (error) {
    console.error(`Could not give the files to the data folder's owner (${operatorMessage(error)}): run "chown -R <service user>: DATA_DIR" before starting the service.`);
  }
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
    handBackToOwner();
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
    handBackToOwner();
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
  } finally {
    handBackToOwner();
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
  if (args.includes('--version')) {
    // The schema is what a backup needs to be read (decision 079): CHANGELOG.md lists it per version.
    console.log(`Jornada ${pkg.version} (database schema ${migrations.length})`);
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
  // The MCP server on stdio (decision 096): its only option is --url (its value is a word here).
  if (command === 'mcp') return (await import('./mcp/stdio-command.ts')).mcpCommand(args);
  console.error(`Unknown command: ${words.join(' ')}\n`);
  console.error(usage());
  return 2;
}
