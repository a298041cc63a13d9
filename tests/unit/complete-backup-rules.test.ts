import { describe, expect, it } from 'vitest';
import { isRestorablePath, isTransientUpload, restoredMode } from '../../src/domain/backups/backup-contents.ts';
import { backupFileName, backupKindOf, expiredBackups, isBackupFileName, PRE_MIGRATION_KEEP, sortBackups } from '../../src/domain/backups/backup-rules.ts';
import { restoreSecretsVerdict, secretsMatchDatabase, type RestoreSecretsFacts } from '../../src/domain/backups/restore-secrets.ts';
import { pinPepperOf, secretsFingerprint } from '../../src/server/config/instance-config.ts';

const at = (iso: string) => Date.parse(iso);

describe('pre-migration backup names and retention', () => {
  it('names the backup before a migration so operators see why, and sorts it with the others', () => {
    expect(backupFileName(at('2026-03-09T03:00:05Z'), 0, 'pre-migration')).toBe('jornada-20260309-030005-pre-migration.db');
    expect(backupFileName(at('2026-03-09T03:00:05Z'), 1, 'pre-migration')).toBe('jornada-20260309-030005-1-pre-migration.db');
    expect(backupKindOf('jornada-20260309-030005-pre-migration.db')).toBe('pre-migration');
    expect(backupKindOf('jornada-20260309-030005.db')).toBe('regular');
    expect(backupKindOf('jornada-20260309-030005-premigration.db')).toBeUndefined();
    expect(isBackupFileName('jornada-20260309-030005-pre-migration.db')).toBe(true);
    expect(sortBackups(['jornada-20260301-030000.db', 'jornada-20260302-030000-pre-migration.db', 'jornada-20260303-030000.db'])).toEqual([
      'jornada-20260303-030000.db',
      'jornada-20260302-030000-pre-migration.db',
      'jornada-20260301-030000.db',
    ]);
  });

  it('counts pre-migration backups apart: backupKeep never pushes out the newest ones', () => {
    const names = [
      'jornada-20260301-030000-pre-migration.db',
      'jornada-20260302-030000.db',
      'jornada-20260303-030000-pre-migration.db',
      'jornada-20260304-030000.db',
      'jornada-20260305-030000-pre-migration.db',
      'jornada-20260306-030000.db',
      'notes.txt',
    ];
    expect(PRE_MIGRATION_KEEP).toBe(2);
    expect(expiredBackups(names, 1)).toEqual(['jornada-20260304-030000.db', 'jornada-20260302-030000.db', 'jornada-20260301-030000-pre-migration.db']);
    expect(expiredBackups(names, 14)).toEqual(['jornada-20260301-030000-pre-migration.db']);
    // Right after an upgrade with keep = 1, the pre-migration backup just taken stays.
    expect(expiredBackups(['jornada-20260307-030000-pre-migration.db', 'jornada-20260306-030000.db', 'jornada-20260305-030000.db'], 1)).toEqual(['jornada-20260305-030000.db']);
  });
});

describe('paths restored from a backup', () => {
  it('accepts config.json and files under uploads/ only', () => {
    for (const p of ['config.json', 'uploads/employees/3/abc.jpg', 'uploads/punch-photos/x.jpg']) expect(isRestorablePath(p), p).toBe(true);
    for (const p of ['jornada.db', '../config.json', 'uploads/../jornada.db', 'uploads/a/../../x', '/etc/passwd', 'uploads/', 'uploads//x', 'uploads/./x', 'uploads\\x', 'backups/a.db', 'uploads/x\0y']) {
      expect(isRestorablePath(p), p).toBe(false);
    }
  });

  it('skips files being written, restores owner-only modes', () => {
    expect(isTransientUpload('abc.jpg.1a2b.tmp')).toBe(true);
    expect(isTransientUpload('abc.jpg')).toBe(false);
    expect(restoredMode(0o644)).toBe(0o600);
    expect(restoredMode(0o600)).toBe(0o600);
    expect(restoredMode(0o755)).toBe(0o700);
    expect(restoredMode(0o044)).toBe(0o600);
  });
});

describe('secrets fingerprint', () => {
  it('identifies the pepper without revealing it, and reads the pepper of a config.json text', () => {
    const a = secretsFingerprint('pepper-a');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(secretsFingerprint('pepper-a')).toBe(a);
    expect(secretsFingerprint('pepper-b')).not.toBe(a);
    expect(a).not.toContain('pepper');
    expect(pinPepperOf('{"pinPepper":"p1","sessionPassword":"s"}')).toBe('p1');
    expect(pinPepperOf('{"sessionPassword":"s"}')).toBeUndefined();
    expect(pinPepperOf('not json')).toBeUndefined();
    expect(pinPepperOf('null')).toBeUndefined();
  });

  it('at start: adopts config.json when the database has no fingerprint, flags a different one', () => {
    expect(secretsMatchDatabase(null, 'f1')).toBe('adopt');
    expect(secretsMatchDatabase('f1', 'f1')).toBe('match');
    expect(secretsMatchDatabase('f1', 'f2')).toBe('mismatch');
  });
});

describe('restore: do the secrets match the PINs?', () => {
  const base: RestoreSecretsFacts = { backupHasSecrets: true, databaseFingerprint: 'f1', secretsFingerprint: 'f1', hasPins: true, sameInstance: false, resetPins: false };
  const verdict = (change: Partial<RestoreSecretsFacts>) => restoreSecretsVerdict({ ...base, ...change });

  it('accepts a complete backup whose config.json made its PINs', () => {
    expect(verdict({})).toEqual({ ok: true, resetPins: false, reason: 'match' });
    // Made before the database had a fingerprint: its config.json is the one its server ran with.
    expect(verdict({ databaseFingerprint: null })).toMatchObject({ ok: true, reason: 'match' });
  });

  it('refuses mismatched secrets unless PINs are reset; no PINs, nothing to lose', () => {
    expect(verdict({ secretsFingerprint: 'f2' })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verdict({ secretsFingerprint: 'f2', resetPins: true })).toEqual({ ok: true, resetPins: true, reason: 'reset' });
    expect(verdict({ secretsFingerprint: 'f2', hasPins: false })).toEqual({ ok: true, resetPins: false, reason: 'no-pins' });
    // --reset-pins is honoured even when they match: the operator asked for it.
    expect(verdict({ resetPins: true })).toMatchObject({ ok: true, resetPins: true });
  });

  it("database-only files: the current config.json must match the recorded fingerprint, or be shown to be the same instance's", () => {
    const plain = { backupHasSecrets: false };
    expect(verdict({ ...plain })).toMatchObject({ ok: true, reason: 'match' });
    expect(verdict({ ...plain, secretsFingerprint: 'f2' })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verdict({ ...plain, secretsFingerprint: null })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verdict({ ...plain, databaseFingerprint: null })).toEqual({ ok: false, reason: 'unknown' });
    expect(verdict({ ...plain, databaseFingerprint: null, sameInstance: true })).toMatchObject({ ok: true, reason: 'match' });
    expect(verdict({ ...plain, databaseFingerprint: null, sameInstance: true, secretsFingerprint: null })).toEqual({ ok: false, reason: 'unknown' });
    expect(verdict({ ...plain, databaseFingerprint: null, hasPins: false })).toMatchObject({ ok: true, reason: 'no-pins' });
    expect(verdict({ ...plain, databaseFingerprint: null, resetPins: true })).toMatchObject({ ok: true, reason: 'reset' });
  });
});
