/**
 * Who a face descriptor belongs to (docs/architecture.md, Face): the nearest enrolled PERSON — a person's
 * distance is the smallest Euclidean distance from the probe to any of their descriptors — must
 * lie within `threshold`, and the second-nearest person must be at least `margin` farther away.
 * A tie between two people is never a match. Pure and allocation-free per probe: the server keeps
 * one `FaceGallery` in memory and matches against 10,000 descriptors in well under 5 ms.
 */
import { DESCRIPTOR_LENGTH } from '../employees/face-descriptor.ts';

/**
 * Measured on the shared face fixtures (their README and bench/face-quality.mjs): same person
 * 0.29–0.63, different people 0.60–1.03; 0.55 on the person-level minimum accepted every
 * same-person probe there and no other person.
 */
export const DEFAULT_FACE_THRESHOLD = 0.55;
/**
 * The nearest person must beat the next one by this much. On the fixtures the smallest gap of a
 * genuine probe was 0.07 (raj3: 0.54 to raj, 0.61 to the next person), so 0.05 refuses none of
 * them while still refusing a face halfway between two people.
 */
export const DEFAULT_FACE_MARGIN = 0.05;
export const FACE_THRESHOLD_RANGE = { min: 0.3, max: 0.7 } as const;
/**
 * The largest threshold measured to accept no other person on the fixtures (the default): the
 * closest two different people were 0.60 apart, and at 0.65 eight of 48 probes were taken for
 * someone else (decision 013). Settings warn above it.
 */
export const MEASURED_SAFE_FACE_THRESHOLD = DEFAULT_FACE_THRESHOLD;

/** Whether a threshold is looser than the measured safe value (the settings page warns). */
export function faceThresholdAboveSafe(threshold: number): boolean {
  return Number.isFinite(threshold) && threshold > MEASURED_SAFE_FACE_THRESHOLD + 1e-9;
}
export const FACE_MARGIN_RANGE = { min: 0, max: 0.3 } as const;

/** Enrolled descriptors, packed: descriptor i is `values[i*128 .. i*128+127]` of person `people[i]`. */
export interface FaceGallery {
  readonly people: Int32Array;
  readonly values: Float32Array;
}

export function buildGallery(entries: ReadonlyArray<{ personId: number; descriptor: ArrayLike<number> }>): FaceGallery {
  const people = new Int32Array(entries.length);
  const values = new Float32Array(entries.length * DESCRIPTOR_LENGTH);
  entries.forEach((entry, i) => {
    if (entry.descriptor.length !== DESCRIPTOR_LENGTH) throw new RangeError(`a descriptor has ${DESCRIPTOR_LENGTH} values`);
    people[i] = entry.personId;
    for (let k = 0; k < DESCRIPTOR_LENGTH; k++) values[i * DESCRIPTOR_LENGTH + k] = entry.descriptor[k]!;
  });
  return { people, values };
}

export interface Nearest {
  /** The nearest person and their (minimum) distance; null for an empty gallery. */
  best: { personId: number; distance: number } | null;
  /** The nearest OTHER person; null when only one person is enrolled. */
  second: { personId: number; distance: number } | null;
}

/**
 * The nearest and second-nearest people. One pass: the running best keeps its person's minimum,
 * and the runner-up is the minimum over every other person, so several photos of one person
 * never count as "second best".
 */
export function nearestPeople(gallery: FaceGallery, probe: ArrayLike<number>): Nearest {
  if (probe.length !== DESCRIPTOR_LENGTH) throw new RangeError(`a descriptor has ${DESCRIPTOR_LENGTH} values`);
  const { people, values } = gallery;
  let bestPerson = -1;
  let bestSq = Infinity;
  let secondPerson = -1;
  let secondSq = Infinity;
  const q = probe instanceof Float32Array ? probe : Float32Array.from(probe as ArrayLike<number>);
  for (let i = 0, base = 0; i < people.length; i++, base += DESCRIPTOR_LENGTH) {
    // Squared distance, abandoned once it cannot beat the runner-up (nothing farther matters).
    let sq = 0;
    for (let k = 0; k < DESCRIPTOR_LENGTH; k += 8) {
      const d0 = values[base + k]! - q[k]!;
      const d1 = values[base + k + 1]! - q[k + 1]!;
      const d2 = values[base + k + 2]! - q[k + 2]!;
      const d3 = values[base + k + 3]! - q[k + 3]!;
      const d4 = values[base + k + 4]! - q[k + 4]!;
      const d5 = values[base + k + 5]! - q[k + 5]!;
      const d6 = values[base + k + 6]! - q[k + 6]!;
      const d7 = values[base + k + 7]! - q[k + 7]!;
      sq += d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3 + d4 * d4 + d5 * d5 + d6 * d6 + d7 * d7;
      if (sq >= secondSq) break;
    }
    const person = people[i]!;
    if (person === bestPerson) {
      if (sq < bestSq) bestSq = sq;
    } else if (sq < bestSq) {
      // The old best becomes the runner-up: it beat every other person so far.
      secondPerson = bestPerson;
      secondSq = bestSq;
      bestPerson = person;
      bestSq = sq;
    } else if (person === secondPerson) {
      if (sq < secondSq) secondSq = sq;
    } else if (sq < secondSq) {
      secondPerson = person;
      secondSq = sq;
    }
  }
  return {
    best: bestPerson === -1 ? null : { personId: bestPerson, distance: Math.sqrt(bestSq) },
    second: secondPerson === -1 ? null : { personId: secondPerson, distance: Math.sqrt(secondSq) },
  };
}

/** Descriptors are float32: comparisons allow for its rounding, so 0.55 means 0.55. */
const EPSILON = 1e-6;

export interface FaceMatchOptions {
  threshold: number;
  margin: number;
}

export type FaceMatch =
  | { kind: 'match'; personId: number; distance: number; secondDistance: number | null }
  /** `empty`: nobody enrolled; `far`: nearest person beyond the threshold; `ambiguous`: the second person is too close (or tied). */
  | { kind: 'none'; reason: 'empty' | 'far' | 'ambiguous'; distance: number | null };

/** The person one descriptor identifies, or why it identifies nobody. */
export function matchFace(gallery: FaceGallery, probe: ArrayLike<number>, options: FaceMatchOptions): FaceMatch {
  const { best, second } = nearestPeople(gallery, probe);
  if (!best) return { kind: 'none', reason: 'empty', distance: null };
  if (best.distance > options.threshold + EPSILON) return { kind: 'none', reason: 'far', distance: best.distance };
  // A tie (within float32 rounding) is never a match, whatever the margin.
  if (second && (second.distance - best.distance <= EPSILON || second.distance - best.distance < options.margin - EPSILON)) {
    return { kind: 'none', reason: 'ambiguous', distance: best.distance };
  }
  return { kind: 'match', personId: best.personId, distance: best.distance, secondDistance: second?.distance ?? null };
}

/**
 * Several frames of one face (the kiosk sends two): every frame must match, and all the same
 * person. The reported distance is the worst frame's. Frames that disagree identify nobody.
 */
export function matchFaceFrames(gallery: FaceGallery, probes: ReadonlyArray<ArrayLike<number>>, options: FaceMatchOptions): FaceMatch | { kind: 'none'; reason: 'disagree'; distance: number | null } {
  if (probes.length === 0) throw new RangeError('at least one frame');
  let agreed: Extract<FaceMatch, { kind: 'match' }> | undefined;
  for (const probe of probes) {
    const match = matchFace(gallery, probe, options);
    if (match.kind === 'none') return match;
    if (agreed && agreed.personId !== match.personId) return { kind: 'none', reason: 'disagree', distance: null };
    if (!agreed || match.distance > agreed.distance) agreed = match;
  }
  return agreed!;
}

/** Euclidean distance of two descriptors (tests, benches, diagnostics). */
export function descriptorDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new RangeError('descriptors differ in length');
  let sq = 0;
  for (let k = 0; k < a.length; k++) {
    const d = a[k]! - b[k]!;
    sq += d * d;
  }
  return Math.sqrt(sq);
}
