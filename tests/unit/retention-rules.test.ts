import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { addYears, dueForPurge, isHeld, lastDayOf, LegalHoldInput, keptUntil, RECORD_RETENTION_YEARS, type RetentionCandidate } from '../../src/domain/retention/retention-rules.ts';
import { SettingsInput } from '../../src/domain/settings/settings-schema.ts';
import { DEFAULT_SETTINGS } from '../../src/domain/settings/settings.ts';
import { committedDigest, textDigest, TEXT_REMOVED } from '../../src/domain/record-chain/chained-text.ts';
import { createHash } from 'node:crypto';

/** Issue 38.5 (decision 083): who the retention purge removes, the 4-year floor, legal holds, chained text digests. */

const person = (over: Partial<RetentionCandidate> = {}): RetentionCandidate => ({ employeeId: 1, companyId: 1, endDate: '2020-06-30', lastRecordDate: '2020-06-30', purgedAt: null, ...over });
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('who is due for purge', () => {
  it('someone who left is due the day after their last day plus the retention years', () => {
    expect(keptUntil(person(), 4)).toBe('2024-06-30');
    expect(dueForPurge([person()], [], '2024-06-30', 4)).toEqual([]);
    expect(dueForPurge([person()], [], '2024-07-01', 4)).toEqual([person()]);
  });

  it('never fewer than four years, whatever the setting says', () => {
    expect(keptUntil(person(), 2)).toBe('2024-06-30');
    expect(dueForPurge([person()], [], '2023-01-01', 1)).toEqual([]);
    expect(RECORD_RETENTION_YEARS.min).toBe(4);
  });

  it('a longer setting keeps them longer', () => {
    expect(dueForPurge([person()], [], '2025-01-01', 6)).toEqual([]);
    expect(dueForPurge([person()], [], '2026-07-01', 6)).toHaveLength(1);
  });

  it('someone still employed (no end date) and someone purged already are never due', () => {
    expect(dueForPurge([person({ endDate: null }), person({ employeeId: 2, purgedAt: '2025-01-01T00:00:00.000Z' })], [], '2099-01-01', 4)).toEqual([]);
  });

  it('a record later than the end date counts from that record', () => {
    const late = person({ lastRecordDate: '2021-03-01' });
    expect(lastDayOf(late)).toBe('2021-03-01');
    expect(dueForPurge([late], [], '2024-07-01', 4)).toEqual([]);
    expect(dueForPurge([late], [], '2025-03-02', 4)).toHaveLength(1);
  });

  it('29 February plus four years is 29 February; plus one, 28 February', () => {
    expect(addYears('2020-02-29', 4)).toBe('2024-02-29');
    expect(addYears('2020-02-29', 1)).toBe('2021-02-28');
  });
});

describe('legal holds stop the purge', () => {
  it("a hold on the person or on their company covers them; another's does not", () => {
    const p = person({ employeeId: 7, companyId: 3 });
    expect(isHeld(p, [{ companyId: 3, employeeId: 7 }])).toBe(true);
    expect(isHeld(p, [{ companyId: 3, employeeId: null }])).toBe(true);
    expect(
      isHeld(p, [
        { companyId: 3, employeeId: 8 },
        { companyId: 4, employeeId: null },
      ]),
    ).toBe(false);
    expect(dueForPurge([p], [{ companyId: 3, employeeId: null }], '2099-01-01', 4)).toEqual([]);
    expect(dueForPurge([p], [{ companyId: 4, employeeId: null }], '2099-01-01', 4)).toEqual([p]);
  });

  it('a hold needs a reason', () => {
    expect(v.safeParse(LegalHoldInput, { reason: '  ' }).success).toBe(false);
    expect(v.safeParse(LegalHoldInput, {}).success).toBe(false);
    expect(v.safeParse(LegalHoldInput, { reason: 'Demanda 12/2026' }).output).toEqual({ reason: 'Demanda 12/2026' });
  });
});

describe('the retention setting', () => {
  const base = { ...DEFAULT_SETTINGS };
  it('defaults to 4 years and is refused below 4 or above 10', () => {
    expect(DEFAULT_SETTINGS.recordRetentionYears).toBe(4);
    for (const bad of [3, 0, -1, 4.5, 11, '5']) {
      const parsed = v.safeParse(SettingsInput, { ...base, recordRetentionYears: bad });
      expect(parsed.success, String(bad)).toBe(false);
      expect(parsed.issues?.[0]?.message).toBe('settings.recordRetentionRange');
    }
    expect(v.safeParse(SettingsInput, { ...base, recordRetentionYears: 4 }).success).toBe(true);
    expect(v.safeParse(SettingsInput, { ...base, recordRetentionYears: 10 }).success).toBe(true);
  });
});

describe('a chained free text (decision 083)', () => {
  const salt = '00112233445566778899aabbccddeeff';
  const digest = textDigest(sha256, salt, 'Olvidó fichar');

  it('is committed as SHA-256(salt + text) over UTF-8', () => {
    expect(digest).toBe(sha256(`${salt}Olvidó fichar`));
  });

  it('is recomputed while text and salt are there, so a changed text no longer matches', () => {
    expect(committedDigest(sha256, { text: 'Olvidó fichar', salt, digest }, false)).toBe(digest);
    expect(committedDigest(sha256, { text: 'Olvidó fichar.', salt, digest }, false)).not.toBe(digest);
  });

  it('once purged, the stored digest stands for the text; emptied without a purge, it does not', () => {
    expect(committedDigest(sha256, { text: null, salt: null, digest }, true)).toBe(digest);
    expect(committedDigest(sha256, { text: null, salt: null, digest }, false)).toBe(TEXT_REMOVED);
    expect(committedDigest(sha256, { text: 'x', salt: null, digest }, true)).toBe(TEXT_REMOVED);
  });

  it('a row written before migration 0050 has no digest: its entry keeps the plain text', () => {
    expect(committedDigest(sha256, { text: 'Antiguo', salt: null, digest: null }, true)).toBeNull();
  });
});
