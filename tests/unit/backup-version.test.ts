import { describe, expect, it } from 'vitest';
import { backupTooNew, backupVersionEntries, manifestSchema } from '../../src/domain/backups/backup-version.ts';

describe('which Jornada can read a backup (decision 079)', () => {
  it('records the version that wrote it and its own schema', () => {
    expect(backupVersionEntries('0.2.0', ['0001-initial', '0002-more'])).toEqual({ writtenBy: '0.2.0', schema: '2', newestMigration: '0002-more' });
    expect(manifestSchema({ schema: '47' })).toBe(47);
    expect(manifestSchema({ schema: 'x' })).toBeUndefined();
    expect(manifestSchema(null)).toBeUndefined();
  });

  it('reads its own schema and older ones (upgraded at start)', () => {
    const here = { version: '0.2.0', schema: 47 };
    expect(backupTooNew({ writtenBy: '0.2.0', schema: 47, unknownMigrations: [] }, here)).toBeNull();
    expect(backupTooNew({ writtenBy: '0.1.0', schema: 30, unknownMigrations: [] }, here)).toBeNull();
    expect(backupTooNew({ schema: 12, unknownMigrations: [] }, here)).toBeNull();
  });

  it('refuses a newer schema, naming the version that wrote it and what to install', () => {
    const message = backupTooNew({ writtenBy: '0.3.0', schema: 52, unknownMigrations: [] }, { version: '0.2.0', schema: 47 });
    expect(message).toContain('written by Jornada 0.3.0 with database schema 52');
    expect(message).toContain('this Jornada 0.2.0 reads database schemas up to 47');
    expect(message).toContain('Install Jornada 0.3.0 or newer first');
  });

  it('refuses unknown migrations even when the count is not higher, and old backups without a manifest', () => {
    expect(backupTooNew({ writtenBy: '0.3.0', schema: 47, unknownMigrations: ['0048-x'] }, { version: '0.2.0', schema: 47 })).toMatch(
      /^was made by a newer version of Jornada \(migrations this version does not know: 0048-x\)/,
    );
    expect(backupTooNew({ schema: 48, unknownMigrations: ['0048-x'] }, { version: '0.2.0', schema: 47 })).toContain('Upgrade Jornada first');
  });
});
