/** What the settings page and `GET /api/backups` show about backups (plain data, for islands too). */
export interface BackupOverview {
  lastSuccess: { at: string; file: string; bytes: number; trigger: string } | null;
  /** The latest failure when no backup has succeeded since, else null. */
  lastFailure: { at: string; message: string; trigger: string } | null;
  /** ISO instant of the next scheduled backup. */
  nextAt: string;
  /** Backup files on disk now and their total size. */
  count: number;
  totalBytes: number;
  /** Absolute path of the backups folder. */
  dir: string;
  /**
   * config.json's PIN pepper is not the one this database's PINs were made with (decision 039): no
   * PIN matches until the right config.json is back or the PINs are reset.
   */
  secretsMismatch: boolean;
}
