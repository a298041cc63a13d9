import { describe, expect, it } from 'vitest';
import { BadgeReader } from '../../src/components/islands/clock/kiosk-model.ts';

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
