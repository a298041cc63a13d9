/**
 * Kiosks that tried face punches without being paired (decision 079). Since decision 042 a face
 * punch needs a paired terminal, so after an upgrade the shop's old unpaired kiosk gets 403
 * `terminal.pairingRequired` for every face. Each such refusal is recorded (while face recognition
 * is on) under a kiosk key — a hash of the address and browser the punch came from, never the
 * address itself — so the dashboard and Settings can say how many kiosks lost face recognition.
 * A kiosk counts while its last refused face punch is at most RECENT_DAYS old; the refusals are
 * counted since the first one recorded (the version that records them: "since the upgrade").
 */

export const RECENT_DAYS = 14;
/** Kiosks remembered at most (the oldest forgotten first): a shop has a handful. */
export const MAX_KIOSKS = 50;

export interface UnpairedFaceRecord {
  /** When the first refusal was recorded. */
  since: string;
  /** Refused face punches since then. */
  refusals: number;
  /** Kiosk key -> its last refused face punch (ISO). */
  kiosks: Record<string, string>;
}

export interface UnpairedFaceSummary {
  kiosks: number;
  refusals: number;
  since: string;
  last: string;
}

/** The record after one more refusal from `kiosk` at `at`. */
export function addUnpairedFaceRefusal(record: UnpairedFaceRecord | null, kiosk: string, at: string): UnpairedFaceRecord {
  const kiosks = { ...(record?.kiosks ?? {}), [kiosk]: at };
  const kept = Object.entries(kiosks)
    .sort((a, b) => b[1].localeCompare(a[1]))
    .slice(0, MAX_KIOSKS);
  return { since: record?.since ?? at, refusals: (record?.refusals ?? 0) + 1, kiosks: Object.fromEntries(kept) };
}

/**
 * What the dashboard and Settings say, or null when there is nothing to say: face recognition is
 * off, or no kiosk had a face punch refused in the last RECENT_DAYS days.
 */
export function unpairedFaceSummary(record: UnpairedFaceRecord | null, nowMs: number, faceRecognition: boolean): UnpairedFaceSummary | null {
  if (!record || !faceRecognition) return null;
  const from = nowMs - RECENT_DAYS * 86_400_000;
  const recent = Object.values(record.kiosks).filter((at) => Date.parse(at) >= from);
  if (recent.length === 0) return null;
  return { kiosks: recent.length, refusals: record.refusals, since: record.since, last: recent.sort().at(-1)! };
}

/** A stored record read back, or null when it is missing or not one. */
export function parseUnpairedFaceRecord(text: string | null): UnpairedFaceRecord | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<UnpairedFaceRecord>;
    if (typeof value.since !== 'string' || typeof value.refusals !== 'number' || typeof value.kiosks !== 'object' || value.kiosks === null) return null;
    const kiosks = Object.fromEntries(Object.entries(value.kiosks).filter((e): e is [string, string] => typeof e[1] === 'string'));
    return { since: value.since, refusals: value.refusals, kiosks };
  } catch {
    return null;
  }
}
