import * as v from 'valibot';
import { effectiveKindSetting, type CompanyNotificationsDto } from '#domain/notifications/notification-preferences.ts';
import { NOTIFICATION_KINDS } from '#domain/notifications/notification-kinds.ts';
import type { AccountType } from '#domain/permissions/permissions.ts';
import type { Db } from '../../db/connection.ts';
import { companyNames } from '../../db/repositories/notification-preferences.ts';
import { readNotificationSettings } from '../../db/repositories/notification-settings.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { mailConfigured, readMailSettings } from '../../mail/mail-settings.ts';

const CompanyId = v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number));

/**
 * The company named by `?companyId=`, else the account's own, else the first by name. A positive
 * integer naming a company (422 / 404 otherwise). A company's switches are an administrator's
 * matter: an Employee account is refused even when a custom role grants it the settings'
 * authority (decision 055).
 */
export async function companyOfQuery(db: Db, actor: { accountType: AccountType; companyId: number | null }, raw: string | null): Promise<number> {
  if (actor.accountType === 'Employee') throw forbidden();
  const companies = await companyNames(db);
  if (raw === null || raw === '') {
    const chosen = companies.find((c) => c.id === actor.companyId) ?? companies[0];
    if (!chosen) throw notFound();
    return chosen.id;
  }
  const id = v.safeParse(CompanyId, raw);
  if (!id.success) throw new AppError('validation.invalidInput', 422, {}, { companyId: 'validation.unknownRecord' });
  if (!companies.some((c) => c.id === id.output)) throw notFound();
  return id.output;
}

/** GET /api/settings/notifications: every kind as the company has it (a missing row is the default). */
export async function companyNotifications(db: Db, companyId: number): Promise<CompanyNotificationsDto> {
  const stored = await readNotificationSettings(db, companyId);
  return {
    companyId,
    companies: await companyNames(db),
    settings: NOTIFICATION_KINDS.map((kind) => effectiveKindSetting(kind, stored[kind])),
    mailConfigured: mailConfigured(await readMailSettings(db)),
  };
}
