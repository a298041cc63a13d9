import * as v from 'valibot';

/**
 * Read-only links for the labour inspectorate (art. 34.9 ET, decision 036). Pure rules: how long
 * a link may live, what a token looks like, and whether a stored link still opens.
 */

/** A link lives between one and thirty days; a week unless the admin says otherwise. */
export const INSPECTION_LINK_DAYS = { min: 1, max: 30, default: 7 } as const;
export const INSPECTION_LABEL_MAX = 80;
/** 32 random bytes (256 bits) as base64url: 43 characters. */
export const INSPECTION_TOKEN_BYTES = 32;
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

// Every field has a default, so a JSON array (which valibot takes for an object) is refused on its own.
export const CreateInspectionLinkSchema = v.pipe(
  v.custom<unknown>((input) => !Array.isArray(input), 'validation.required'),
  v.object(
    {
      days: v.optional(
        v.pipe(v.number('validation.invalidInput'), v.integer('inspection.daysRange'), v.minValue(INSPECTION_LINK_DAYS.min, 'inspection.daysRange'), v.maxValue(INSPECTION_LINK_DAYS.max, 'inspection.daysRange')),
        INSPECTION_LINK_DAYS.default,
      ),
      label: v.optional(v.nullable(v.pipe(v.string('validation.invalidInput'), v.trim(), v.maxLength(INSPECTION_LABEL_MAX, 'validation.tooLong'))), null),
    },
    'validation.required',
  ),
);
export type CreateInspectionLinkInput = v.InferOutput<typeof CreateInspectionLinkSchema>;

/** When a link made at `createdAt` (ISO UTC) for `days` days stops opening. */
export function inspectionLinkExpiry(createdAt: string, days: number): string {
  return new Date(Date.parse(createdAt) + days * 86_400_000).toISOString();
}

export type InspectionLinkState = 'active' | 'expired' | 'revoked';

/** A revoked link stays revoked; otherwise it opens until (not at) its expiry instant. */
export function inspectionLinkState(link: { expiresAt: string; revokedAt: string | null }, now: string): InspectionLinkState {
  if (link.revokedAt !== null) return 'revoked';
  return Date.parse(now) < Date.parse(link.expiresAt) ? 'active' : 'expired';
}

/** True when a string could be a token (checked before any hashing or look-up). */
export function isInspectionToken(value: string | null | undefined): value is string {
  return !!value && TOKEN_RE.test(value);
}

/** The address an inspector opens (the token is its last segment). */
export function inspectionPath(token: string): string {
  return `/inspection/${token}`;
}
