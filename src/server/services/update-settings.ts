import * as v from 'valibot';
import { issuesToFieldKeys } from '../../domain/auth/auth-schemas.ts';
import { SettingsInput } from '../../domain/settings/settings-schema.ts';
import type { Settings } from '../../domain/settings/settings.ts';
import type { Db } from '../db/connection.ts';
import { appendAudit } from '../db/repositories/audit-log.ts';
import { readSettings, writeSettings } from '../db/repositories/settings.ts';
import { AppError } from '../http/app-error.ts';
import { invalidateSettings } from './get-settings.ts';
import { nowIso, nowMs } from '../clock/now.ts';
import { addBreakRulesChange, breakRulesOnDate } from '../db/repositories/break-rules-history.ts';
import { refuseWhileAnyApproved } from '../db/repositories/record-lock.ts';
import { figureRulesOf } from '#domain/worktime/worktime-settings.ts';
import { figureRulesDiffer } from '#domain/worktime/break-rules.ts';
import { localDateOf } from '../../domain/time/zoned-time.ts';

/** Validates and stores the whole settings set in one transaction, with an audit entry. */
export async function updateSettings(db: Db, input: unknown, actorId: number): Promise<Settings> {
  const parsed = v.safeParse(SettingsInput, input);
  if (!parsed.success) throw new AppError('validation.invalidInput', 422, {}, issuesToFieldKeys(parsed.issues));
  // Face recognition is never switched here, silently or not: POST /api/settings/face-recognition
  // asks for the notice and checks the alternatives (decision 047). Sending the stored value is fine.
  const { faceRecognition, effectiveFrom, ...values } = parsed.output;
  await db.transaction().execute(async (trx) => {
    const before = await readSettings(trx);
    if (faceRecognition !== undefined && faceRecognition !== before.faceRecognition) {
      throw new AppError('biometrics.useDedicatedSwitch', 422, {}, { faceRecognition: 'biometrics.useDedicatedSwitch' });
    }
    const at = nowIso();
    // The company time zone decides every date and expected hour of the record and has no date of
    // its own: it cannot change while any period is approved (decision 050, issue 33 leftovers).
    if (values.timezone !== undefined && values.timezone !== before.timezone) await refuseWhileAnyApproved(trx);
    await writeSettings(trx, values, at);
    // Every rule that changes a figure (break rules, daily ordinary hours, lateness grace) is
    // effective-dated (decision 050): a change applies from `effectiveFrom` (today in the company
    // zone by default), refused when that touches an approved period.
    const after = { ...before, ...values };
    const from = effectiveFrom ?? localDateOf(nowMs(), after.timezone);
    const rules = figureRulesOf(after);
    // A change of the rules, or the same rules asked from a date where others are in force.
    if (figureRulesDiffer(rules, figureRulesOf(before)) || (effectiveFrom !== undefined && figureRulesDiffer(rules, await breakRulesOnDate(trx, from)))) {
      await addBreakRulesChange(trx, { effectiveFrom: from, rules, at, authorId: actorId });
    }
    await appendAudit(trx, { userId: actorId, entity: 'setting', entityId: null, action: 'update', before, after: values, at });
  });
  invalidateSettings();
  return readSettings(db);
}
