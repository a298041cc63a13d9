import * as v from 'valibot';
import { issuesToFieldKeys } from '../../domain/auth/auth-schemas.ts';
import { SettingsInput } from '../../domain/settings/settings-schema.ts';
import type { Settings } from '../../domain/settings/settings.ts';
import type { Db } from '../db/connection.ts';
import { appendAudit } from '../db/repositories/audit-log.ts';
import { readSettings, writeSettings } from '../db/repositories/settings.ts';
import { AppError } from '../http/app-error.ts';
import { invalidateSettings } from './get-settings.ts';
import { nowIso } from '../clock/now.ts';

/** Validates and stores the whole settings set in one transaction, with an audit entry. */
export async function updateSettings(db: Db, input: unknown, actorId: number): Promise<Settings> {
  const parsed = v.safeParse(SettingsInput, input);
  if (!parsed.success) throw new AppError('validation.invalidInput', 422, {}, issuesToFieldKeys(parsed.issues));
  // Face recognition is never switched here, silently or not: POST /api/settings/face-recognition
  // asks for the notice and checks the alternatives (decision 047). Sending the stored value is fine.
  const { faceRecognition, ...values } = parsed.output;
  await db.transaction().execute(async (trx) => {
    const before = await readSettings(trx);
    if (faceRecognition !== undefined && faceRecognition !== before.faceRecognition) {
      throw new AppError('biometrics.useDedicatedSwitch', 422, {}, { faceRecognition: 'biometrics.useDedicatedSwitch' });
    }
    const at = nowIso();
    await writeSettings(trx, values, at);
    await appendAudit(trx, { userId: actorId, entity: 'setting', entityId: null, action: 'update', before, after: values, at });
  });
  invalidateSettings();
  return readSettings(db);
}
