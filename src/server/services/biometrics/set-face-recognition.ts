import * as v from 'valibot';
import { issuesToFieldKeys } from '#domain/auth/auth-schemas.ts';
import { checkFaceEnable, FACE_NOTICE_VERSION, nameList } from '#domain/biometrics/face-enablement.ts';
import { FaceSwitchInput } from '#domain/biometrics/face-switch-schema.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { activeEmployeeAlternatives } from '../../db/repositories/employees.ts';
import { deleteAllFaceDescriptors } from '../../db/repositories/face-descriptors.ts';
import { readSettings, writeFaceEnablement, writeSettings } from '../../db/repositories/settings.ts';
import { AppError } from '../../http/app-error.ts';
import { invalidateSettings } from '../get-settings.ts';

/**
 * Turns face recognition on or off: the only way to change it (PUT /api/settings refuses to).
 * On: the notice must be acknowledged and every active employee must have a PIN or a badge;
 * records who and when (settings row `faceEnablement`) and audits it. Already on: records the
 * acknowledgement (older installations were on before the notice existed). Off: optionally deletes
 * every stored descriptor, in the same transaction, audited with the count.
 * Returns the translation key of the answer's message and its count of deleted descriptors.
 */
export async function setFaceRecognition(db: Db, input: unknown, actorId: number, lang: Language): Promise<{ message: string; descriptorsDeleted: number }> {
  const parsed = v.safeParse(FaceSwitchInput, input);
  if (!parsed.success) throw new AppError('validation.invalidInput', 422, {}, issuesToFieldKeys(parsed.issues));
  const change = parsed.output;
  return db.transaction().execute(async (trx) => {
    const before = await readSettings(trx);
    const at = nowIso();
    if (change.enabled) {
      const employees = (await activeEmployeeAlternatives(trx)).map((e) => ({ ...e, name: `${e.firstName} ${e.lastName}` }));
      const refusal = checkFaceEnable({ acknowledged: change.acknowledged, employees });
      if (refusal?.kind === 'notice-not-acknowledged') {
        throw new AppError('biometrics.noticeNotAcknowledged', 422, {}, { acknowledged: 'biometrics.noticeNotAcknowledged' });
      }
      if (refusal?.kind === 'alternative-missing') {
        const names = nameList(
          refusal.employees.map((e) => e.name),
          (count) => translate(lang, 'biometrics.andMore', { count }),
        );
        throw new AppError('biometrics.alternativeMissing', 409, { names });
      }
      await writeSettings(trx, { faceRecognition: true }, at);
      await writeFaceEnablement(trx, { enabled: true, at, by: actorId, noticeVersion: FACE_NOTICE_VERSION, descriptorsDeleted: 0 }, at);
      await appendAudit(trx, {
        userId: actorId,
        entity: 'setting',
        entityId: 'faceRecognition',
        action: before.faceRecognition ? 'face.acknowledge' : 'face.enable',
        before: { faceRecognition: before.faceRecognition },
        after: { faceRecognition: true, noticeVersion: FACE_NOTICE_VERSION },
        at,
      });
      invalidateSettings();
      return { message: before.faceRecognition ? 'biometrics.acknowledged' : 'biometrics.turnedOn', descriptorsDeleted: 0 };
    }
    const deleted = change.deleteDescriptors ? await deleteAllFaceDescriptors(trx) : 0;
    await writeSettings(trx, { faceRecognition: false }, at);
    await writeFaceEnablement(trx, { enabled: false, at, by: actorId, noticeVersion: null, descriptorsDeleted: deleted }, at);
    await appendAudit(trx, {
      userId: actorId,
      entity: 'setting',
      entityId: 'faceRecognition',
      action: 'face.disable',
      before: { faceRecognition: before.faceRecognition },
      after: { faceRecognition: false, descriptorsDeleted: deleted },
      at,
    });
    invalidateSettings();
    return { message: change.deleteDescriptors ? 'biometrics.turnedOffDeleted' : 'biometrics.turnedOff', descriptorsDeleted: deleted };
  });
}
