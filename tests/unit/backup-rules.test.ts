import { describe, expect, it } from 'vitest';
import { backupDue, backupFileName, backupInstantOf, expiredBackups, isBackupFileName, latestSlot, nextSlot, sortBackups } from '../../src/domain/backups/backup-rules.ts';
import { SettingsInput } from '../../src/domain/settings/settings-schema.ts';
import { settingsFrom } from '../../src/domain/settings/settings.ts';
import * as v from 'valibot';

const at = (iso: string) => Date.parse(iso);

describe('backup file names', () => {
  it('are jornada-YYYYMMDD-HHMMSS.db in UTC, with a suffix for a second backup in the same second', () => {
    expect(backupFileName(at('2026-03-09T03:00:05.900Z'))).toBe('jornada-20260309-030005.db');
    expect(backupFileName(at('2026-12-31T23:59:59Z'), 2)).toBe('jornada-20261231-235959-2.db');
    expect(backupInstantOf('jornada-20260309-030005.db')).toBe(at('2026-03-09T03:00:05Z'));
  });

  it('recognise only backup files (never temporary copies or other files)', () => {
    for (const name of ['jornada-20260309-030005.db', 'jornada-20260309-030005-1.db']) expect(isBackupFileName(name)).toBe(true);
    for (const name of ['jornada.db', '.jornada-20260309-030005.db.ab12.tmp', 'jornada-20260309-030005.db-wal', 'notes.txt', 'damaged-20260309-030005.db', 'jornada-2026039-030005.db', 'xjornada-20260309-030005.db']) {
      expect(isBackupFileName(name)).toBe(false);
    }
  });
});

describe('retention', () => {
  const names = ['jornada-20260301-030000.db', 'readme.txt', 'jornada-20260303-030000.db', 'jornada-20260302-030000.db', 'jornada-20260303-030000-1.db', '.jornada-20260304-030000.db.1234.tmp', 'jornada.db'];

  it('sorts backups newest first, suffixes after their plain name', () => {
    expect(sortBackups(names)).toEqual(['jornada-20260303-030000-1.db', 'jornada-20260303-030000.db', 'jornada-20260302-030000.db', 'jornada-20260301-030000.db']);
  });

  it('keeps the newest N and names only older backup files', () => {
    expect(expiredBackups(names, 2)).toEqual(['jornada-20260302-030000.db', 'jornada-20260301-030000.db']);
    expect(expiredBackups(names, 14)).toEqual([]);
    // Never deletes the newest backup, whatever the count says.
    expect(expiredBackups(names, 0)).toHaveLength(3);
  });
});

describe('schedule', () => {
  it('places the slot at the local time of the company zone (Madrid winter = UTC+1, summer = UTC+2)', () => {
    expect(nextSlot(at('2026-01-10T12:00:00Z'), '03:00', 'Europe/Madrid')).toBe(at('2026-01-11T02:00:00Z'));
    expect(nextSlot(at('2026-07-10T00:30:00Z'), '03:00', 'Europe/Madrid')).toBe(at('2026-07-10T01:00:00Z'));
    expect(latestSlot(at('2026-07-10T00:30:00Z'), '03:00', 'Europe/Madrid')).toBe(at('2026-07-09T01:00:00Z'));
  });

  it('the next slot is strictly after now, the latest at or before it', () => {
    const slot = at('2026-01-11T03:00:00Z');
    expect(nextSlot(slot, '03:00', 'UTC')).toBe(at('2026-01-12T03:00:00Z'));
    expect(latestSlot(slot, '03:00', 'UTC')).toBe(slot);
  });

  it('across a DST change the slot keeps its local time (Lisbon, 29 March 2026: 01:00 -> 02:00)', () => {
    expect(nextSlot(at('2026-03-28T12:00:00Z'), '03:00', 'Europe/Lisbon')).toBe(at('2026-03-29T02:00:00Z'));
    // 01:30 does not exist that night: it moves forward by the gap (02:30 WEST = 01:30Z).
    expect(nextSlot(at('2026-03-28T12:00:00Z'), '01:30', 'Europe/Lisbon')).toBe(at('2026-03-29T01:30:00Z'));
  });

  it('is due once per slot, and makes up a slot missed while stopped', () => {
    const tz = 'Europe/Lisbon';
    const lastRun = at('2026-02-01T03:00:10Z');
    expect(backupDue(at('2026-02-01T12:00:00Z'), lastRun, '03:00', tz)).toBe(false);
    expect(backupDue(at('2026-02-02T02:59:59Z'), lastRun, '03:00', tz)).toBe(false);
    expect(backupDue(at('2026-02-02T03:00:00Z'), lastRun, '03:00', tz)).toBe(true);
    expect(backupDue(at('2026-02-05T10:00:00Z'), lastRun, '03:00', tz)).toBe(true);
    // A later time of day the same day is a new slot.
    expect(backupDue(at('2026-02-01T22:00:00Z'), lastRun, '21:30', tz)).toBe(true);
  });
});

describe('backup settings', () => {
  it('default to 03:00 and 14 files', () => {
    expect(settingsFrom({})).toMatchObject({ backupTime: '03:00', backupKeep: 14 });
  });

  it('accept HH:mm and 1..365; refuse anything else with their messages', () => {
    const base = { country: 'UK', timezone: 'UTC', timeFormat: '1', defaultLanguage: 'es', rfidClock: false, faceRecognition: true, graceMinutes: 5, breaksPerDay: 1, ipRestriction: '' };
    expect(v.safeParse(SettingsInput, { ...base, backupTime: '23:59', backupKeep: 365 }).success).toBe(true);
    for (const [input, message] of [
      [{ backupTime: '24:00' }, 'settings.backupTimeInvalid'],
      [{ backupTime: '3:00' }, 'settings.backupTimeInvalid'],
      [{ backupTime: 300 }, 'settings.backupTimeInvalid'],
      [{ backupKeep: 0 }, 'settings.backupKeepRange'],
      [{ backupKeep: 366 }, 'settings.backupKeepRange'],
      [{ backupKeep: 2.5 }, 'validation.invalidNumber'],
    ] as const) {
      const result = v.safeParse(SettingsInput, { ...base, ...input });
      expect(result.success).toBe(false);
      expect(result.issues?.[0]?.message).toBe(message);
    }
  });
});
