import { addDays, localDateOf, localDateTimeToUtcIso } from '../time/zoned-time.ts';

/**
 * Pure rules of backups: file names, which files retention removes, and when the daily backup is
 * due. Backup files are `jornada-YYYYMMDD-HHMMSS.db` (UTC, so names sort in time order across
 * daylight-saving changes), with `-N` appended when two backups share a second, and
 * `-pre-migration` for the backup taken before a start applies migrations (decision 039).
 */
export const BACKUP_FILE_RE = /^jornada-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(?:-(\d{1,4}))?(-pre-migration)?\.db$/;

/** Why a backup was taken, as far as its name shows it. */
export type BackupKind = 'regular' | 'pre-migration';

/**
 * Pre-migration backups kept by retention, apart from `backupKeep`: the daily backups after an
 * upgrade must not push out the last copy made with the old version's schema.
 */
export const PRE_MIGRATION_KEEP = 2;

/** Defaults of the backup settings: every day at 03:00 company time, the newest 14 kept. */
export const DEFAULT_BACKUP_TIME = '03:00';
export const DEFAULT_BACKUP_KEEP = 14;
export const BACKUP_KEEP_RANGE = { min: 1, max: 365 } as const;
export const BACKUP_TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The backup file name for an instant (`n` > 0 adds a suffix for a second backup in the same second). */
export function backupFileName(ms: number, n = 0, kind: BackupKind = 'regular'): string {
  const d = new Date(ms);
  const stamp = `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}-` + `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  return `jornada-${stamp}${n > 0 ? `-${n}` : ''}${kind === 'pre-migration' ? '-pre-migration' : ''}.db`;
}

/** The kind of a backup file name (undefined for any other name). */
export function backupKindOf(name: string): BackupKind | undefined {
  const m = BACKUP_FILE_RE.exec(name);
  return m ? (m[8] ? 'pre-migration' : 'regular') : undefined;
}

export function isBackupFileName(name: string): boolean {
  return BACKUP_FILE_RE.test(name);
}

/** Sort key of a backup file name (instant, then suffix); undefined for any other name. */
function backupOrder(name: string): [number, number] | undefined {
  const m = BACKUP_FILE_RE.exec(name);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, n] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return Number.isNaN(ms) ? undefined : [ms, Number(n ?? 0)];
}

/** The instant a backup file name records (ms), or undefined when it is not a backup name. */
export function backupInstantOf(name: string): number | undefined {
  return backupOrder(name)?.[0];
}

/** Backup file names among `names`, newest first; every other name is left out. */
export function sortBackups(names: readonly string[]): string[] {
  return names
    .map((name) => [name, backupOrder(name)] as const)
    .filter((entry): entry is readonly [string, [number, number]] => entry[1] !== undefined)
    .sort((a, b) => b[1][0] - a[1][0] || b[1][1] - a[1][1])
    .map(([name]) => name);
}

/**
 * The backup files retention deletes: regular backups beyond the newest `keep`, pre-migration
 * backups beyond the newest PRE_MIGRATION_KEEP (counted apart). The newest of each kind is never
 * named; other files never are.
 */
export function expiredBackups(names: readonly string[], keep: number): string[] {
  const sorted = sortBackups(names);
  const regular = sorted.filter((n) => backupKindOf(n) === 'regular').slice(Math.max(1, Math.floor(keep)));
  const pre = sorted.filter((n) => backupKindOf(n) === 'pre-migration').slice(PRE_MIGRATION_KEEP);
  return sorted.filter((n) => regular.includes(n) || pre.includes(n));
}

/** The scheduled instant (ms) on a local calendar date at `time` (HH:mm) in `timeZone`. */
function slotOn(date: string, time: string, timeZone: string): number {
  return Date.parse(localDateTimeToUtcIso(date, time, timeZone));
}

/** The latest scheduled instant at or before `now`: today's `time` in the zone, else yesterday's. */
export function latestSlot(now: number, time: string, timeZone: string): number {
  const today = localDateOf(now, timeZone);
  const slot = slotOn(today, time, timeZone);
  return slot <= now ? slot : slotOn(addDays(today, -1), time, timeZone);
}

/** The first scheduled instant strictly after `now`. */
export function nextSlot(now: number, time: string, timeZone: string): number {
  const today = localDateOf(now, timeZone);
  const slot = slotOn(today, time, timeZone);
  return slot > now ? slot : slotOn(addDays(today, 1), time, timeZone);
}

/**
 * Whether the daily backup is due: a scheduled instant has passed since the last scheduled run
 * (`lastRun`, ms). A slot missed while the server was stopped is made up at the next check.
 */
export function backupDue(now: number, lastRun: number, time: string, timeZone: string): boolean {
  return latestSlot(now, time, timeZone) > lastRun;
}
