import { createHash } from 'node:crypto';
import { addUnpairedFaceRefusal, parseUnpairedFaceRecord, unpairedFaceSummary, type UnpairedFaceSummary } from '#domain/terminals/unpaired-face-kiosks.ts';
import { nowIso, nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { readInstanceMeta, writeInstanceMeta } from '../../db/repositories/instance-meta.ts';
import { getSettings } from '../get-settings.ts';

/** The instance_meta row that keeps the record (installation-wide: an unpaired kiosk has no company). */
const KEY = 'unpaired_face_refusals';

/** A kiosk's key: its address and browser, hashed (decision 079: no address is stored). */
export function kioskKey(address: string, userAgent: string | undefined): string {
  return createHash('sha256')
    .update(`${address}\n${userAgent ?? ''}`)
    .digest('hex')
    .slice(0, 16);
}

/** Records a face punch refused because the device is not a paired terminal (one small write). */
export async function recordUnpairedFaceRefusal(db: Db, address: string, userAgent: string | undefined): Promise<void> {
  const at = nowIso();
  await db.transaction().execute(async (tx) => {
    const record = parseUnpairedFaceRecord(await readInstanceMeta(tx, KEY));
    await writeInstanceMeta(tx, KEY, JSON.stringify(addUnpairedFaceRefusal(record, kioskKey(address, userAgent), at)), at);
  });
}

/** What the dashboard and Settings say about kiosks that lost face recognition, or null. */
export async function unpairedFaceKiosks(db: Db): Promise<UnpairedFaceSummary | null> {
  const { faceRecognition } = await getSettings(db);
  return unpairedFaceSummary(parseUnpairedFaceRecord(await readInstanceMeta(db, KEY)), nowMs(), faceRecognition);
}
