import { describe, expect, it } from 'vitest';
import { addUnpairedFaceRefusal, MAX_KIOSKS, parseUnpairedFaceRecord, RECENT_DAYS, unpairedFaceSummary } from '../../src/domain/terminals/unpaired-face-kiosks.ts';

const NOW = Date.parse('2026-11-29T09:00:00Z');
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('kiosks that lost face recognition (decision 079)', () => {
  it('counts refusals since the first one and kiosks by key', () => {
    let record = addUnpairedFaceRefusal(null, 'a', iso(NOW - 3 * DAY));
    record = addUnpairedFaceRefusal(record, 'a', iso(NOW - DAY));
    record = addUnpairedFaceRefusal(record, 'b', iso(NOW - 2 * DAY));
    expect(record.since).toBe(iso(NOW - 3 * DAY));
    expect(unpairedFaceSummary(record, NOW, true)).toEqual({ kiosks: 2, refusals: 3, since: iso(NOW - 3 * DAY), last: iso(NOW - DAY) });
  });

  it('says nothing with face recognition off, without a record, or when every kiosk was quiet for RECENT_DAYS', () => {
    const record = addUnpairedFaceRefusal(null, 'a', iso(NOW - DAY));
    expect(unpairedFaceSummary(record, NOW, false)).toBeNull();
    expect(unpairedFaceSummary(null, NOW, true)).toBeNull();
    const old = addUnpairedFaceRefusal(null, 'a', iso(NOW - (RECENT_DAYS + 1) * DAY));
    expect(unpairedFaceSummary(old, NOW, true)).toBeNull();
    expect(unpairedFaceSummary(addUnpairedFaceRefusal(old, 'b', iso(NOW)), NOW, true)).toMatchObject({ kiosks: 1, refusals: 2 });
  });

  it('remembers at most MAX_KIOSKS kiosks, the most recent ones', () => {
    let record = null;
    for (let i = 0; i < MAX_KIOSKS + 5; i++) record = addUnpairedFaceRefusal(record, `k${i}`, iso(NOW - DAY + i * 1000));
    expect(Object.keys(record!.kiosks)).toHaveLength(MAX_KIOSKS);
    expect(record!.kiosks['k0']).toBeUndefined();
    expect(record!.refusals).toBe(MAX_KIOSKS + 5);
  });

  it('reads a stored record back and rejects anything else', () => {
    const record = addUnpairedFaceRefusal(null, 'a', iso(NOW));
    expect(parseUnpairedFaceRecord(JSON.stringify(record))).toEqual(record);
    expect(parseUnpairedFaceRecord(null)).toBeNull();
    expect(parseUnpairedFaceRecord('{')).toBeNull();
    expect(parseUnpairedFaceRecord('{"since":1}')).toBeNull();
  });
});
