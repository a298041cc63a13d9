import * as v from 'valibot';
import type { PunchWorkMode } from './personal-clock.ts';

/**
 * Proof of place (issue 36 point 5, decision 068): whether an on-site personal punch was made at
 * one of the company's workplaces. Pure rules; the service (record-personal-punch.ts) applies them
 * where the punch is written.
 */

/** `off`: nothing asked, nothing stored (the default). `record`: the place is kept. `warn`: kept, and the worker is told when outside. `require`: a punch outside, or without a position, is refused. */
export const PROOF_OF_PLACE_MODES = ['off', 'record', 'warn', 'require'] as const;
export type ProofOfPlaceMode = (typeof PROOF_OF_PLACE_MODES)[number];

/** What a punch keeps: inside a workplace, outside every one, or unknown (no position, or no workplace to compare with). */
export type PunchPlace = 'inside' | 'outside' | 'unknown';

export const DEFAULT_POSITION_RETENTION_DAYS = 90;
export const MAX_POSITION_RETENTION_DAYS = 365;
export const MIN_WORKPLACE_RADIUS_M = 10;
export const MAX_WORKPLACE_RADIUS_M = 10_000;
/**
 * The most a position's reported accuracy can widen a workplace. A phone indoors reports 20-100 m;
 * one that only knows its cell tower reports kilometres, and must not make every place "inside".
 */
export const MAX_ACCURACY_ALLOWANCE_M = 100;

/** i18n keys of proof of place (namespace `proofOfPlace`). */
export const PROOF_OF_PLACE_MESSAGES = {
  outsideRefused: 'proofOfPlace.outsideRefused',
  positionRequired: 'proofOfPlace.positionRequired',
  outsideWarning: 'proofOfPlace.outsideWarning',
  workplaceInUse: 'proofOfPlace.workplaceInUse',
} as const;

export interface GeoPosition {
  lat: number;
  lng: number;
  /** Metres (the Geolocation API's radius of 95 % confidence). */
  accuracy: number;
}

export interface WorkplaceArea {
  id: number;
  lat: number;
  lng: number;
  radiusM: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine): good to well under a metre at a workplace's scale. */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The rule (decision 068): a position is inside a workplace when its distance to the centre is at
 * most the radius plus its accuracy, the accuracy counted up to MAX_ACCURACY_ALLOWANCE_M. The
 * benefit of the doubt goes to the worker (a good-faith phone indoors is not "outside"), within a
 * bound. Inside several: the one whose edge is farthest (the closest in relative terms) wins.
 * No workplace at all: unknown (nothing to compare with), never outside.
 */
export function placeOf(position: GeoPosition, workplaces: readonly WorkplaceArea[]): { place: PunchPlace; workplaceId: number | null } {
  if (workplaces.length === 0) return { place: 'unknown', workplaceId: null };
  const allowance = Math.min(Math.max(position.accuracy, 0), MAX_ACCURACY_ALLOWANCE_M);
  let best: { id: number; margin: number } | undefined;
  for (const w of workplaces) {
    const margin = w.radiusM + allowance - distanceMetres(position, w);
    if (margin >= 0 && (!best || margin > best.margin)) best = { id: w.id, margin };
  }
  return best ? { place: 'inside', workplaceId: best.id } : { place: 'outside', workplaceId: null };
}

export type PlaceVerdict =
  /** Nothing asked and nothing kept: proof of place off, or a remote punch. */
  | { kind: 'none' }
  | { kind: 'refused'; code: string }
  /** Recorded with its place; `position` is what is kept apart (null when none came); `warn`: tell the worker. */
  | { kind: 'recorded'; place: PunchPlace; workplaceId: number | null; position: GeoPosition | null; warn: boolean };

/**
 * What a personal punch does under the company's proof of place. Off, or a remote punch: nothing
 * (a position sent anyway is dropped, never kept). On site: its place from placeOf; no position
 * (denied, unavailable) is `unknown`. `require` refuses `outside` and a missing position; `warn`
 * records and tells; `record` records.
 */
export function placeVerdict(mode: ProofOfPlaceMode, workMode: PunchWorkMode, position: GeoPosition | undefined, workplaces: readonly WorkplaceArea[]): PlaceVerdict {
  if (mode === 'off' || workMode === 'remote') return { kind: 'none' };
  if (!position) {
    if (mode === 'require') return { kind: 'refused', code: PROOF_OF_PLACE_MESSAGES.positionRequired };
    return { kind: 'recorded', place: 'unknown', workplaceId: null, position: null, warn: false };
  }
  const { place, workplaceId } = placeOf(position, workplaces);
  if (place === 'outside' && mode === 'require') return { kind: 'refused', code: PROOF_OF_PLACE_MESSAGES.outsideRefused };
  return { kind: 'recorded', place, workplaceId, position, warn: place === 'outside' && mode === 'warn' };
}

/** Whether the island should ask the browser for its position at an on-site punch. */
export function asksForPosition(mode: ProofOfPlaceMode, workMode: PunchWorkMode): boolean {
  return mode !== 'off' && workMode === 'on-site';
}

const degrees = (min: number, max: number) => v.pipe(v.number('validation.invalidInput'), v.finite('validation.invalidInput'), v.minValue(min, 'validation.invalidInput'), v.maxValue(max, 'validation.invalidInput'));

/** The body of `POST /api/workplaces` and `PATCH /api/workplaces/{id}`. A SuperAdmin names the company; an Admin's is its own. */
export const WorkplaceInputSchema = v.object({
  name: v.pipe(v.string('validation.required'), v.trim(), v.minLength(1, 'validation.required'), v.maxLength(120, 'validation.invalidInput')),
  lat: degrees(-90, 90),
  lng: degrees(-180, 180),
  radiusM: v.pipe(
    v.number('validation.invalidInput'),
    v.integer('validation.invalidInput'),
    v.minValue(MIN_WORKPLACE_RADIUS_M, 'proofOfPlace.radiusRange'),
    v.maxValue(MAX_WORKPLACE_RADIUS_M, 'proofOfPlace.radiusRange'),
  ),
  companyId: v.optional(v.pipe(v.number('validation.invalidInput'), v.integer('validation.invalidInput'), v.minValue(1, 'validation.invalidInput'))),
});
export type WorkplaceInput = v.InferOutput<typeof WorkplaceInputSchema>;

/** A workplace as the API and the settings page show it. */
export interface WorkplaceView {
  id: number;
  companyId: number;
  companyName: string;
  name: string;
  lat: number;
  lng: number;
  radiusM: number;
}
