import { inspectionLinkState } from '#domain/access/inspection-links.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { inspectionLinkUses, listInspectionLinks } from '../../db/repositories/inspection-links.ts';

export interface InspectionLinkView {
  _id: number;
  label: string | null;
  createdAt: string;
  createdByName: string | null;
  expiresAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
  uses: number;
  state: 'active' | 'expired' | 'revoked';
}

/** Every inspection link with its state now (never its token, which is not kept). */
export async function inspectionLinks(db: Db): Promise<InspectionLinkView[]> {
  const now = nowIso();
  return (await listInspectionLinks(db)).map((l) => ({
    _id: l.id,
    label: l.label,
    createdAt: l.createdAt,
    createdByName: l.createdByName,
    expiresAt: l.expiresAt,
    revokedAt: l.revokedAt,
    lastUsedAt: l.lastUsedAt,
    uses: l.uses,
    state: inspectionLinkState(l, now),
  }));
}

/** The log of one link's uses, newest first. */
export async function inspectionLinkLog(db: Db, linkId: number) {
  return (await inspectionLinkUses(db, linkId)).map((u) => ({ _id: u.id, at: u.at, address: u.address, viewed: u.viewed }));
}
