import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import pkg from '#package.json';
import { dataDir } from '../config/data-dir.ts';
import type { SystemInfo } from '../../domain/settings/system-info.ts';
import { readBackupStatus } from './backups/backup-status.ts';

/** What the settings page shows under "System". */
export function systemInfo(): SystemInfo {
  const dir = dataDir();
  const size = (name: string) => {
    const file = path.join(dir, name);
    return existsSync(file) ? statSync(file).size : 0;
  };
  return {
    version: pkg.version,
    node: process.version,
    databaseBytes: size('jornada.db') + size('jornada.db-wal'),
    lastBackupAt: readBackupStatus().lastSuccess?.at ?? null,
    dataDir: dir,
  };
}
