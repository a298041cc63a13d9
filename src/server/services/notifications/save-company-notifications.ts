import * as v from 'valibot';
import { CompanyNotificationSettingsInput, MINUTES_KINDS, TO_MANAGERS_KINDS, type CompanyNotificationsDto } from '#domain/notifications/notification-preferences.ts';
import { DEFAULT_NOTIFICATION_SETTING } from '#domain/notifications/notification-kinds.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { writeNotificationSetting } from '../../db/repositories/notification-settings.ts';
import type { CompanyKindSetting } from '#domain/notifications/notification-preferences.ts';
import { AppError } from '../../http/app-error.ts';
import { companyNotifications } from './company-notifications.ts';

const MESSAGE_KEY = /^[a-z]+\.[A-Za-z]+$/;

/**
 * Field errors named `<kind>.<field>` (e.g. `missedCheckIn.minutes`), so the form marks the row
 * of the kind that is wrong rather than an index.
 */
function fieldErrors(input: unknown, issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const rows = (input as { settings?: unknown } | null)?.settings;
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const [, index, field] = (issue.path ?? []).map((p) => p.key);
    const kind = Array.isArray(rows) && typeof index === 'number' ? (rows[index] as { kind?: unknown } | null)?.kind : undefined;
    const name = typeof kind === 'string' && typeof field === 'string' ? `${kind}.${field}` : (v.getDotPath(issue) ?? '_');
    out[name] ??= MESSAGE_KEY.test(issue.message) ? issue.message : 'validation.invalidInput';
  }
  return out;
}

/**
 * PUT /api/settings/notifications (decision 055): stores the company's switch of each kind sent
 * (`toManagers` only for missing check-out and missed check-in, `minutes` only for missed
 * check-in; the others are stored false / null), audited with before and after. Bad input is a
 * 422 naming the kind's field, nothing written.
 */
export async function saveCompanyNotifications(db: Db, companyId: number, input: unknown, actorId: number): Promise<CompanyNotificationsDto> {
  const result = v.safeParse(CompanyNotificationSettingsInput, input);
  if (!result.success) throw new AppError('validation.invalidInput', 422, {}, fieldErrors(input, result.issues));
  const settings: CompanyKindSetting[] = result.output.settings.map((s) => ({
    kind: s.kind,
    enabled: s.enabled,
    toManagers: TO_MANAGERS_KINDS.includes(s.kind) ? s.toManagers : false,
    minutes: MINUTES_KINDS.includes(s.kind) ? (s.minutes ?? DEFAULT_NOTIFICATION_SETTING[s.kind].minutes) : null,
  }));
  await db.transaction().execute(async (trx) => {
    const before = await companyNotifications(trx, companyId);
    const at = nowIso();
    for (const { kind, ...setting } of settings) await writeNotificationSetting(trx, companyId, kind, setting, at);
    await appendAudit(trx, { userId: actorId, entity: 'notificationSettings', entityId: companyId, action: 'update', before: before.settings, after: settings, at });
  });
  return companyNotifications(db, companyId);
}
