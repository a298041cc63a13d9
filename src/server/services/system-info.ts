import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import pkg from '../../../package.json';
import { dataDir } from '../config/data-dir.ts';
import type { SystemInfo } from '../../domain/settings/system-info.ts';

/** What the settings page shows under "System". */
export function systemInfo(): SystemInfo {
  const dir = dataDir();
  const size = (name: string) => {
    const file = path.join(dir, name);
    return existsSync(file) ? statSync(file).size : 0;
  };
  const backups = path.join(dir, 'backups');
  let lastBackupAt: string | null = null;
  if (existsSync(backups)) {
    const newest = readdirSync(backups)
      .map((name) => statSync(path.join(backups, name)).mtimeMs)
      .sort((a, b) => b - a)[0];
    if (newest) lastBackupAt = new Date(newest).toISOString();
  }
  return {
    version: pkg.version,
    node: process.version,
    databaseBytes: size('jornada.db') + size('jornada.db-wal'),
    lastBackupAt,
    dataDir: dir,
  };
}
