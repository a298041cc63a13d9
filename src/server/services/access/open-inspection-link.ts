import { inspectionLinkState, isInspectionToken } from '#domain/access/inspection-links.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { findInspectionLinkByHash, recordInspectionLinkUse } from '../../db/repositories/inspection-links.ts';
import { SharedRateLimiter } from '../../auth/shared-rate-limiter.ts';
import { tooManyAttempts } from '../../auth/sign-in-guard.ts';
import { AppError } from '../../http/app-error.ts';
import { inspectionTokenHash } from './inspection-token.ts';

/**
 * Unknown tokens per client address: 20 in ten minutes, then 429 (a token has 256 bits, so this
 * only keeps a guesser from loading the server). Only failures count, and only after the look-up:
 * a valid token never counts and never waits, even from an address that has just guessed bad
 * ones (issue 34 point 6; a shared office address, or an inspector who mistyped a link).
 */
export const inspectionGuessLimiter = new SharedRateLimiter('inspection-guess', 20, 10 * 60_000);

export interface InspectionVisit {
  address: string;
  /** What the visit shows, for the log: e.g. `record 2026-05 employee=3 html`. */
  viewed: string;
}

export interface OpenInspectionLink {
  id: number;
  companyId: number | null;
  label: string | null;
  expiresAt: string;
}

/**
 * The link a token opens, after logging this use of it (decision 036). A malformed or unknown
 * token is a 404 `inspection.notFound` and counts against the address (429 once it has had its
 * 20); an expired or revoked link a 404 saying so, and the refused attempt is logged on the link
 * too. A known token is never held back by the address's failures.
 */
export async function openInspectionLink(db: Db, token: string, visit: InspectionVisit, options: { logLater?: boolean } = {}): Promise<OpenInspectionLink> {
  const link = isInspectionToken(token) ? await findInspectionLinkByHash(db, inspectionTokenHash(token)) : undefined;
  if (!link) {
    const reservation = await inspectionGuessLimiter.reserve(visit.address);
    if (!reservation.ok) throw tooManyAttempts('inspection.tooManyAttempts', reservation.retryAfterMs);
    try {
      await reservation.ticket.fail();
    } finally {
      await reservation.ticket.release();
    }
    throw new AppError('inspection.notFound', 404);
  }
  const at = nowIso();
  const state = inspectionLinkState(link, at);
  // `logLater`: the caller logs the use itself once it knows what it gave (the open export's seal).
  if (state === 'active' && options.logLater) return { id: link.id, companyId: link.companyId, label: link.label, expiresAt: link.expiresAt };
  await recordInspectionLinkUse(db, { linkId: link.id, at, address: visit.address, viewed: state === 'active' ? visit.viewed : `refused (${state}): ${visit.viewed}` });
  if (state !== 'active') throw new AppError(state === 'expired' ? 'inspection.expired' : 'inspection.revoked', 404);
  return { id: link.id, companyId: link.companyId, label: link.label, expiresAt: link.expiresAt };
}

/** Logs a use of an open link (`openInspectionLink` with `logLater`). */
export async function logInspectionLinkUse(db: Db, link: OpenInspectionLink, visit: InspectionVisit): Promise<void> {
  await recordInspectionLinkUse(db, { linkId: link.id, at: nowIso(), address: visit.address, viewed: visit.viewed });
}
