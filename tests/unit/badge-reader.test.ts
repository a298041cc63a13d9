import { describe, expect, it } from 'vitest';
import { BadgeReader, medianGap } from '../../src/components/islands/clock/kiosk-model.ts';

function type(reader: BadgeReader, text: string, start: number, gap: number): number {
  let at = start;
  for (const char of text) {
    reader.key(char, at);
    at += gap;
  }
  return at;
}

describe('BadgeReader', () => {
  it('reads what a USB reader types before Enter', () => {
    const reader = new BadgeReader();
    const end = type(reader, 'CARD-0021', 1000, 8);
    expect(reader.enter(end, true)).toBe('CARD-0021');
    expect(reader.enter(end + 10, false)).toBeNull();
  });

  it('does not take a PIN typed by a person for a badge while the PIN pad is open', () => {
    const reader = new BadgeReader();
    const end = type(reader, '100001', 1000, 250);
    expect(reader.enter(end, true)).toBeNull();
  });

  it('finds a badge burst after digits a person typed', () => {
    const reader = new BadgeReader();
    let at = type(reader, '12', 1000, 300);
    at = type(reader, '0004242', at + 400, 5);
    expect(reader.enter(at, true)).toBe('0004242');
  });

  it('outside the PIN pad takes any typed code, but not one or two stray keys', () => {
    const reader = new BadgeReader();
    let at = type(reader, 'AB12', 1000, 200);
    expect(reader.enter(at, false)).toBe('AB12');
    at = type(reader, 'x', at + 1000, 10);
    expect(reader.enter(at, false)).toBeNull();
    // A long pause forgets what was typed before.
    type(reader, 'OLD', at + 1000, 10);
    at = type(reader, 'N', at + 20_000, 10);
    expect(reader.enter(at, false)).toBeNull();
  });
});

/** A small seeded generator (mulberry32): the same "random" gaps on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Types `text` with gaps drawn from [min, max] ms; returns the time of the Enter (one more gap). */
function typeJittered(reader: BadgeReader, text: string, start: number, min: number, max: number, random: () => number): number {
  let at = start;
  for (const char of text) {
    reader.key(char, at);
    at += min + random() * (max - min);
  }
  return at;
}

describe('BadgeReader under load (issue 20, point 6; decision 048)', () => {
  it('reads a badge typed with up to 80 ms of jitter between keys, whole, on the PIN pad and the start screen', () => {
    const random = seeded(20);
    const reader = new BadgeReader();
    let at = 10_000;
    for (let i = 0; i < 500; i++) {
      const code = String(1_000_000_000 + Math.floor(random() * 8_999_999_999));
      at = typeJittered(reader, code, at + 6_000, 5, 85, random);
      expect(reader.enter(at, i % 2 === 0), `${i}`).toBe(code);
    }
  });

  it('one slow gap (a reader stalled by a busy bus) does not cut the badge short', () => {
    const reader = new BadgeReader();
    let at = type(reader, '00042', 1000, 10);
    at = type(reader, '42000', at + 130, 10);
    expect(reader.enter(at, true)).toBe('0004242000');
  });

  it('never takes a person typing a PIN for a badge, even a fast typist (100-300 ms between keys)', () => {
    const random = seeded(7);
    const reader = new BadgeReader();
    let at = 10_000;
    for (let i = 0; i < 500; i++) {
      at = typeJittered(reader, '10000' + String(i % 10).repeat(2), at + 2_000, 100, 300, random);
      expect(reader.enter(at, true), `${i}`).toBeNull();
    }
  });

  it("takes only the reader's run after digits a person typed, with jitter", () => {
    const random = seeded(3);
    const reader = new BadgeReader();
    let at = typeJittered(reader, '123', 1000, 200, 300, random);
    at = typeJittered(reader, '0004242', at + 400, 5, 85, random);
    expect(reader.enter(at, true)).toBe('0004242');
  });

  it('an Enter long after the last key is a person pressing it, not a reader', () => {
    const reader = new BadgeReader();
    const at = type(reader, '0004242', 1000, 10);
    expect(reader.enter(at + 400, true)).toBeNull();
  });

  it('medianGap', () => {
    expect(medianGap([])).toBe(Number.POSITIVE_INFINITY);
    expect(medianGap([5])).toBe(Number.POSITIVE_INFINITY);
    expect(medianGap([0, 10, 30, 100])).toBe(20);
    expect(medianGap([0, 10, 20, 140])).toBe(10);
  });
});
