import { describe, expect, it } from 'vitest';
import {
  buildGallery,
  DEFAULT_FACE_MARGIN,
  DEFAULT_FACE_THRESHOLD,
  descriptorDistance,
  faceThresholdAboveSafe,
  matchFace,
  matchFaceFrames,
  MEASURED_SAFE_FACE_THRESHOLD,
  nearestPeople,
} from '../../src/domain/clock/face-match.ts';

/** A unit vector along axis `axis`, scaled: distances between such vectors are easy to reason about. */
const axis = (k: number, scale = 1) => Array.from({ length: 128 }, (_, i) => (i === k ? scale : 0));
/** `base` moved by `distance` along axis `k` (orthogonal to `base` when base[k] is 0). */
const moved = (base: number[], k: number, distance: number) => base.map((x, i) => (i === k ? x + distance : x));

/** A seeded random descriptor (uniform -0.2..0.2) for brute-force checks. */
function randomDescriptor(seed: number): number[] {
  let s = seed >>> 0 || 1;
  return Array.from({ length: 128 }, () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return (s / 2 ** 32 - 0.5) * 0.4;
  });
}

const opts = { threshold: 0.55, margin: 0.08 };

describe('nearestPeople', () => {
  it('takes each person at their nearest descriptor and the runner-up from another person', () => {
    const a = axis(0);
    const gallery = buildGallery([
      { personId: 1, descriptor: moved(a, 1, 0.5) },
      { personId: 1, descriptor: moved(a, 1, 0.2) }, // Ana's best photo
      { personId: 1, descriptor: moved(a, 1, 0.3) }, // another photo of Ana: not "second best"
      { personId: 2, descriptor: moved(a, 2, 0.6) },
      { personId: 3, descriptor: moved(a, 3, 0.9) },
    ]);
    const { best, second } = nearestPeople(gallery, a);
    expect(best?.personId).toBe(1);
    expect(best?.distance).toBeCloseTo(0.2, 6);
    expect(second?.personId).toBe(2);
    expect(second?.distance).toBeCloseTo(0.6, 6);
  });

  it('finds the runner-up whatever the order of the gallery (the best person may appear last)', () => {
    const a = axis(0);
    const rows = [
      { personId: 7, descriptor: moved(a, 1, 0.7) },
      { personId: 5, descriptor: moved(a, 2, 0.4) },
      { personId: 7, descriptor: moved(a, 1, 0.35) },
      { personId: 9, descriptor: moved(a, 3, 0.1) },
      { personId: 5, descriptor: moved(a, 2, 0.3) },
    ];
    for (const order of [rows, [...rows].reverse(), [rows[3]!, ...rows.slice(0, 3), rows[4]!]]) {
      const { best, second } = nearestPeople(buildGallery(order), a);
      expect(best?.personId).toBe(9);
      expect(best?.distance).toBeCloseTo(0.1, 6);
      expect(second?.personId).toBe(5);
      expect(second?.distance).toBeCloseTo(0.3, 6);
    }
  });

  it('agrees with a brute-force search on random galleries', () => {
    for (let trial = 0; trial < 20; trial++) {
      const entries = Array.from({ length: 300 }, (_, i) => ({ personId: (i * 7 + trial) % 40, descriptor: randomDescriptor(trial * 1000 + i + 1) }));
      const probe = randomDescriptor(99_999 + trial);
      const perPerson = new Map<number, number>();
      for (const e of entries) perPerson.set(e.personId, Math.min(perPerson.get(e.personId) ?? Infinity, descriptorDistance(e.descriptor, probe)));
      const sorted = [...perPerson.entries()].sort((x, y) => x[1] - y[1]);
      const { best, second } = nearestPeople(buildGallery(entries), probe);
      expect(best?.personId).toBe(sorted[0]![0]);
      expect(best?.distance).toBeCloseTo(sorted[0]![1], 5);
      expect(second?.personId).toBe(sorted[1]![0]);
      expect(second?.distance).toBeCloseTo(sorted[1]![1], 5);
    }
  });

  it('answers nothing for an empty gallery and no runner-up with one person', () => {
    expect(nearestPeople(buildGallery([]), axis(0))).toEqual({ best: null, second: null });
    const one = nearestPeople(
      buildGallery([
        { personId: 4, descriptor: axis(0) },
        { personId: 4, descriptor: axis(1) },
      ]),
      axis(0),
    );
    expect(one.best).toEqual({ personId: 4, distance: 0 });
    expect(one.second).toBeNull();
  });

  it('refuses descriptors of the wrong length', () => {
    expect(() => nearestPeople(buildGallery([]), [1, 2, 3])).toThrow(RangeError);
    expect(() => buildGallery([{ personId: 1, descriptor: [1] }])).toThrow(RangeError);
  });
});

describe('matchFace', () => {
  const a = axis(0);
  const gallery = buildGallery([
    { personId: 1, descriptor: a },
    { personId: 2, descriptor: moved(a, 1, 1.0) },
  ]);

  it('matches within the threshold, inclusive, and refuses beyond it', () => {
    expect(matchFace(gallery, moved(a, 5, 0.3), opts)).toMatchObject({ kind: 'match', personId: 1 });
    expect(matchFace(gallery, moved(a, 5, 0.55), opts)).toMatchObject({ kind: 'match', personId: 1 });
    const far = matchFace(gallery, moved(a, 5, 0.56), opts);
    expect(far).toMatchObject({ kind: 'none', reason: 'far' });
    expect(far.distance).toBeCloseTo(0.56, 6);
  });

  it('uses the configured threshold', () => {
    const probe = moved(a, 5, 0.45);
    expect(matchFace(gallery, probe, { threshold: 0.5, margin: 0 }).kind).toBe('match');
    expect(matchFace(gallery, probe, { threshold: 0.4, margin: 0 })).toMatchObject({ kind: 'none', reason: 'far' });
  });

  it('requires the margin over the second-best person', () => {
    // Probe between person 1 (0.40 away) and person 2 (0.46 away): a gap of 0.06.
    const two = buildGallery([
      { personId: 1, descriptor: moved(a, 1, -0.4) },
      { personId: 2, descriptor: moved(a, 1, 0.46) },
    ]);
    expect(matchFace(two, a, { threshold: 0.55, margin: 0.08 })).toMatchObject({ kind: 'none', reason: 'ambiguous' });
    expect(matchFace(two, a, { threshold: 0.55, margin: 0.05 })).toMatchObject({ kind: 'match', personId: 1, secondDistance: expect.closeTo(0.46, 6) });
  });

  it('the margin counts people, not photos: two photos of the match never make it ambiguous', () => {
    const photos = buildGallery([
      { personId: 1, descriptor: moved(a, 1, 0.2) },
      { personId: 1, descriptor: moved(a, 2, 0.21) },
      { personId: 2, descriptor: moved(a, 3, 0.9) },
    ]);
    expect(matchFace(photos, a, opts)).toMatchObject({ kind: 'match', personId: 1, distance: expect.closeTo(0.2, 6) });
  });

  it('never matches a tie, even with no margin', () => {
    const tie = buildGallery([
      { personId: 1, descriptor: moved(a, 1, 0.3) },
      { personId: 2, descriptor: moved(a, 2, 0.3) },
    ]);
    expect(matchFace(tie, a, { threshold: 0.55, margin: 0 })).toMatchObject({ kind: 'none', reason: 'ambiguous' });
  });

  it('a single enrolled person needs only the threshold', () => {
    const one = buildGallery([{ personId: 3, descriptor: a }]);
    expect(matchFace(one, moved(a, 1, 0.5), opts)).toEqual({ kind: 'match', personId: 3, distance: expect.closeTo(0.5, 6), secondDistance: null });
  });

  it('identifies nobody with nobody enrolled', () => {
    expect(matchFace(buildGallery([]), a, opts)).toEqual({ kind: 'none', reason: 'empty', distance: null });
  });

  it('has the defaults measured on the fixtures', () => {
    expect(DEFAULT_FACE_THRESHOLD).toBe(0.55);
    expect(DEFAULT_FACE_MARGIN).toBeGreaterThan(0);
    expect(DEFAULT_FACE_MARGIN).toBeLessThan(0.17);
  });
});

describe('matchFaceFrames', () => {
  const a = axis(0);
  const b = axis(1);
  const gallery = buildGallery([
    { personId: 1, descriptor: a },
    { personId: 2, descriptor: b },
  ]);

  it('needs every frame to match the same person and reports the worst distance', () => {
    const match = matchFaceFrames(gallery, [moved(a, 5, 0.2), moved(a, 6, 0.4)], opts);
    expect(match).toMatchObject({ kind: 'match', personId: 1, distance: expect.closeTo(0.4, 6) });
  });

  it('refuses frames that name different people, or when any frame matches nobody', () => {
    expect(matchFaceFrames(gallery, [moved(a, 5, 0.2), moved(b, 5, 0.2)], opts)).toEqual({ kind: 'none', reason: 'disagree', distance: null });
    expect(matchFaceFrames(gallery, [moved(a, 5, 0.2), moved(a, 5, 0.7)], opts)).toMatchObject({ kind: 'none', reason: 'far' });
    expect(() => matchFaceFrames(gallery, [], opts)).toThrow(RangeError);
  });
});

describe('the settings warning above the measured safe threshold', () => {
  it('is the default, measured to accept no other person on the fixtures (decision 013)', () => {
    expect(MEASURED_SAFE_FACE_THRESHOLD).toBe(DEFAULT_FACE_THRESHOLD);
    expect(MEASURED_SAFE_FACE_THRESHOLD).toBe(0.55);
  });

  it('warns only for a looser threshold, not at or below the safe value nor for an empty field', () => {
    expect(faceThresholdAboveSafe(0.55)).toBe(false);
    expect(faceThresholdAboveSafe(0.3)).toBe(false);
    expect(faceThresholdAboveSafe(0.5500000001)).toBe(false);
    expect(faceThresholdAboveSafe(0.56)).toBe(true);
    expect(faceThresholdAboveSafe(0.7)).toBe(true);
    expect(faceThresholdAboveSafe(Number.NaN)).toBe(false);
  });
});
