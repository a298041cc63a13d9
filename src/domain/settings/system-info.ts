/** What the settings page shows under "System". */
export interface SystemInfo {
  version: string;
  node: string;
  /** Bytes of the database file and its write-ahead log. */
  databaseBytes: number;
  /** ISO instant of the last successful backup (DATA_DIR/backup-status.json), or null. */
  lastBackupAt: string | null;
  dataDir: string;
}
