import { isLanguage, type Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { hasAuthority } from '#domain/permissions/permissions.ts';
import type { AccountType } from '#domain/permissions/permissions.ts';
import { isMutable, type NotificationKind } from '#domain/notifications/notification-kinds.ts';
import { isEmailAddress, mailConfigured } from '#domain/notifications/mail-settings.ts';
import type { Db } from '../../db/connection.ts';
import { readNotificationSettings, readMutes } from '../../db/repositories/notification-settings.ts';
import { findAdminAccounts, findEmployeeRecipient, findRecipientAccounts, type RecipientAccount } from '../../db/repositories/notification-recipients.ts';
import { readSettings } from '../../db/repositories/settings.ts';
import { parsePermissions } from '../../db/stored-formats.ts';
import { appLink, withClosingNote, type EmailContent } from '../../mail/email-content.ts';
import { hasOpenInvitation } from '../../db/repositories/account-links.ts';
import { nowIso } from '../../clock/now.ts';
import { readMailSettings } from '../../mail/mail-settings.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Builds a message in the reader's language; `link(path)` makes an absolute link into the app. */
export type ContentBuilder = (lang: Language, t: Translate, link: (path: string) => string) => EmailContent;

interface Context {
  appUrl: string;
  defaultLanguage: Language;
}

/** Null when email is off (no SMTP server) or the company switched the kind off: nothing is queued. */
async function context(db: Db, kind: NotificationKind, companyId: number): Promise<Context | null> {
  const mail = await readMailSettings(db);
  if (!mailConfigured(mail)) return null;
  const settings = await readNotificationSettings(db, companyId);
  if (!settings[kind].enabled) return null;
  return { appUrl: mail.appUrl, defaultLanguage: (await readSettings(db)).defaultLanguage };
}

function languageOf(stored: string | null, fallback: Language): Language {
  return isLanguage(stored) ? stored : fallback;
}

async function queueFor(db: Db, kind: NotificationKind, companyId: number, ctx: Context, accounts: readonly RecipientAccount[], dedupeKey: (userId: number) => string, content: ContentBuilder): Promise<number> {
  const mutes = isMutable(kind)
    ? await readMutes(
        db,
        accounts.map((a) => a.userId),
      )
    : new Map<number, Set<string>>();
  let queued = 0;
  for (const account of accounts) {
    if (mutes.get(account.userId)?.has(kind) || !isEmailAddress(account.email)) continue;
    const lang = languageOf(account.language, ctx.defaultLanguage);
    const built = content(lang, translator(lang), (path) => appLink(ctx.appUrl, path));
    if ((await enqueueEmail(db, { kind, companyId, to: account.email, language: lang, content: built, dedupeKey: dedupeKey(account.userId) })) !== null) queued += 1;
  }
  return queued;
}

export interface NotifyUsers {
  kind: NotificationKind;
  companyId: number;
  userIds: readonly number[];
  /** Unique per event and recipient, e.g. `leaveRequested:leave:12:user:3`. */
  dedupeKey: (userId: number) => string;
  content: ContentBuilder;
}

/**
 * Queues one email per enabled account (issue 22, decision 054), inside the caller's transaction.
 * Skips everyone when email is not configured or the company switched the kind off, and each
 * account that muted an optional kind or has no valid address. Returns how many were queued.
 */
export async function notifyUsers(db: Db, n: NotifyUsers): Promise<number> {
  const ctx = await context(db, n.kind, n.companyId);
  if (!ctx) return 0;
  return queueFor(db, n.kind, n.companyId, ctx, await findRecipientAccounts(db, n.userIds), n.dedupeKey, n.content);
}

export interface NotifyEmployee {
  kind: NotificationKind;
  employeeId: number;
  /** Unique per event, e.g. `missingCheckOut:attendance:42`. */
  dedupeKey: string;
  content: ContentBuilder;
}

/**
 * Queues an email to an employee: to their linked account (its address, language and mutes), else
 * to the employee's company email or email in the instance's default language, closing with how to
 * get an account (use the pending invitation, or ask for one). Returns 1 or 0.
 */
export async function notifyEmployee(db: Db, n: NotifyEmployee): Promise<number> {
  const employee = await findEmployeeRecipient(db, n.employeeId);
  if (!employee) return 0;
  const ctx = await context(db, n.kind, employee.companyId);
  if (!ctx) return 0;
  if (employee.userId !== null) {
    const accounts = await findRecipientAccounts(db, [employee.userId]);
    return queueFor(db, n.kind, employee.companyId, ctx, accounts, () => n.dedupeKey, n.content);
  }
  const to = [employee.companyEmail, employee.email].find((a): a is string => !!a && isEmailAddress(a));
  if (!to) return 0;
  const lang = ctx.defaultLanguage;
  const t = translator(lang);
  // Its links end on a sign-in page the reader cannot pass: say how to get in (decision 066).
  const note = t((await hasOpenInvitation(db, employee.employeeId, nowIso())) ? 'notifications.noAccount.invited' : 'notifications.noAccount.ask');
  const built = withClosingNote(
    n.content(lang, t, (path) => appLink(ctx.appUrl, path)),
    note,
  );
  return (await enqueueEmail(db, { kind: n.kind, companyId: employee.companyId, to, language: lang, content: built, dedupeKey: n.dedupeKey })) === null ? 0 : 1;
}

/**
 * The employee's managers: the enabled Admin and SuperAdmin accounts of the employee's company (or
 * of every company) whose role may change attendance — the people who approve their leave and
 * corrections (decision 054: Jornada has no manager field; this is who acts on the record).
 */
export async function managersOf(db: Db, employeeId: number): Promise<number[]> {
  const employee = await findEmployeeRecipient(db, employeeId);
  if (!employee) return [];
  return adminsWith(db, employee.companyId, ['attendance.update'], employee.userId);
}

/** Enabled administrators of a company with these authorities (e.g. `setting.update` for a failed backup). */
export async function adminsWith(db: Db, companyId: number, authority: Parameters<typeof hasAuthority>[2], except: number | null = null): Promise<number[]> {
  const admins = await findAdminAccounts(db, companyId);
  return admins.filter((a) => a.userId !== except && hasAuthority(a.accountType as AccountType, parsePermissions(a.rolePermissions), authority)).map((a) => a.userId);
}
