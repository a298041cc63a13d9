import { describe, expect, it } from 'vitest';
import { isStorageFull } from '#server/db/errors.ts';
import { asAppError } from '#server/http/json.ts';

/** A full disk is answered in one place (`asAppError`): a translated 503, the cause in the log (issue 34 point 6). */
describe('a full disk, mapped centrally', () => {
  const coded = (code: string) => Object.assign(new Error(code), { code });

  it('SQLite’s SQLITE_FULL, PostgreSQL’s disk_full (53100) and a file write’s ENOSPC are a 503 errors.diskFull', () => {
    for (const code of ['SQLITE_FULL', '53100', 'ENOSPC']) {
      expect(isStorageFull(coded(code))).toBe(true);
      expect(asAppError(coded(code))).toMatchObject({ status: 503, code: 'errors.diskFull' });
    }
    // Also when it is the cause of another error (a wrapped driver error).
    expect(asAppError(new Error('write failed', { cause: coded('ENOSPC') }))).toMatchObject({ status: 503 });
  });

  it('anything else unexpected stays a 500', () => {
    for (const code of ['SQLITE_ERROR', 'SQLITE_IOERR', '23505', 'EACCES']) expect(asAppError(coded(code))).toMatchObject({ status: 500, code: 'errors.somethingWentWrong' });
    expect(isStorageFull(null)).toBe(false);
  });
});
