import { describe, expect, it } from 'vitest';
import { asksForPosition, distanceMetres, MAX_ACCURACY_ALLOWANCE_M, placeOf, placeVerdict } from '../../src/domain/clock/proof-of-place.ts';

/** Proof of place (decision 068): the distance, the inside/outside rule and the verdict per mode. */

// Puerta del Sol, Madrid; 0.001° of latitude is about 111 m.
const SOL = { id: 1, lat: 40.416775, lng: -3.70379, radiusM: 100 };
const north = (metres: number, accuracy = 0) => ({ lat: SOL.lat + metres / 111_195, lng: SOL.lng, accuracy });

describe('distanceMetres', () => {
  it('is zero at the same point and about 111.2 km per degree of latitude', () => {
    expect(distanceMetres(SOL, SOL)).toBe(0);
    expect(distanceMetres({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195, -1);
  });
  it('knows Madrid to Barcelona (about 505 km) and is symmetric', () => {
    const bcn = { lat: 41.3874, lng: 2.1686 };
    expect(distanceMetres(SOL, bcn) / 1000).toBeGreaterThan(500);
    expect(distanceMetres(SOL, bcn) / 1000).toBeLessThan(510);
    expect(distanceMetres(SOL, bcn)).toBeCloseTo(distanceMetres(bcn, SOL), 6);
  });
});

describe('placeOf: inside when distance ≤ radius + accuracy (accuracy counted up to 100 m)', () => {
  it('inside at the centre and within the radius; outside beyond it with a precise position', () => {
    expect(placeOf(north(0, 5), [SOL])).toEqual({ place: 'inside', workplaceId: 1 });
    expect(placeOf(north(95, 0), [SOL])).toEqual({ place: 'inside', workplaceId: 1 });
    expect(placeOf(north(110, 0), [SOL])).toEqual({ place: 'outside', workplaceId: null });
  });
  it('the accuracy widens the radius: 140 m away with ±50 m is inside, with ±30 m outside', () => {
    expect(placeOf(north(140, 50), [SOL]).place).toBe('inside');
    expect(placeOf(north(140, 30), [SOL]).place).toBe('outside');
  });
  it('a vague position (±5 km) widens it by 100 m at most', () => {
    expect(MAX_ACCURACY_ALLOWANCE_M).toBe(100);
    expect(placeOf(north(195, 5000), [SOL]).place).toBe('inside');
    expect(placeOf(north(205, 5000), [SOL]).place).toBe('outside');
  });
  it('inside several: the one it is deepest inside; no workplace at all: unknown', () => {
    const near = { id: 2, lat: SOL.lat + 150 / 111_195, lng: SOL.lng, radiusM: 100 };
    expect(placeOf(north(120, 0), [SOL, near])).toEqual({ place: 'inside', workplaceId: 2 });
    expect(placeOf(north(0, 0), [])).toEqual({ place: 'unknown', workplaceId: null });
  });
});

describe('placeVerdict per mode', () => {
  const inside = north(10, 10);
  const outside = north(1000, 10);
  it('off, or a remote punch: nothing asked, nothing kept (a position sent anyway is dropped)', () => {
    expect(placeVerdict('off', 'on-site', inside, [SOL])).toEqual({ kind: 'none' });
    for (const mode of ['record', 'warn', 'require'] as const) expect(placeVerdict(mode, 'remote', outside, [SOL])).toEqual({ kind: 'none' });
    expect(asksForPosition('off', 'on-site')).toBe(false);
    expect(asksForPosition('require', 'remote')).toBe(false);
    expect(asksForPosition('record', 'on-site')).toBe(true);
  });
  it('record: inside or outside, silently; no position is unknown', () => {
    expect(placeVerdict('record', 'on-site', inside, [SOL])).toEqual({ kind: 'recorded', place: 'inside', workplaceId: 1, position: inside, warn: false });
    expect(placeVerdict('record', 'on-site', outside, [SOL])).toMatchObject({ kind: 'recorded', place: 'outside', warn: false });
    expect(placeVerdict('record', 'on-site', undefined, [SOL])).toEqual({ kind: 'recorded', place: 'unknown', workplaceId: null, position: null, warn: false });
  });
  it('warn: outside is recorded and the worker is told', () => {
    expect(placeVerdict('warn', 'on-site', outside, [SOL])).toMatchObject({ kind: 'recorded', place: 'outside', warn: true });
    expect(placeVerdict('warn', 'on-site', inside, [SOL])).toMatchObject({ kind: 'recorded', place: 'inside', warn: false });
  });
  it('require: outside and no position are refused with their own messages', () => {
    expect(placeVerdict('require', 'on-site', outside, [SOL])).toEqual({ kind: 'refused', code: 'proofOfPlace.outsideRefused' });
    expect(placeVerdict('require', 'on-site', undefined, [SOL])).toEqual({ kind: 'refused', code: 'proofOfPlace.positionRequired' });
    expect(placeVerdict('require', 'on-site', inside, [SOL])).toMatchObject({ kind: 'recorded', place: 'inside' });
    // No workplace set up: unknown, not refused (the worker is not blocked by a missing setup).
    expect(placeVerdict('require', 'on-site', inside, [])).toMatchObject({ kind: 'recorded', place: 'unknown' });
  });
});
