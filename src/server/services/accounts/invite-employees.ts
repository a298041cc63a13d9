import { INVITATION_TTL_MS, invitationPath, linkExpiry, MAX_INVITATIONS_AT_ONCE, type InviteInput } from '#domain/accounts/account-links.ts';
import { isLanguage } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { builtInEmployeeRole, employeesToInvite, insertInvitation, revokeUnusedInvitations } from '../../db/repositories/account-links.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { readSettings } from '../../db/repositories/settings.ts';
import { emailExists } from '../../db/repositories/users.ts';
import { AppError } from '../../http/app-error.ts';
import { appLink } from '../../mail/email-content.ts';
import { mailConfigured, readMailSettings } from '../../mail/mail-settings.ts';
import { sealEmail } from '../../mail/sealed-email.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';
import { invitationEmail } from '../notifications/templates/account-links.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import type { SessionUser } from '../sign-in/session-user.ts';
import { managedCompany } from '../users/managed-company.ts';
import { accountTokenHash, newAccountToken } from './account-token.ts';

export interface InvitedEmployee {
  _id: number;
  name: string;
  /** Null for a worker without an address: the sheet only; they give one on accepting. */
  email: string | null;
  delivery: 'email' | 'sheet';
  /** The one-time link's path, answered once and only for the printed sheet; an email's link is only in the (sealed) email. */
  path?: string;
  /** Whether an unused invitation was replaced (a resend). */
  resent: boolean;
}

export interface SkippedEmployee {
  _id: number;
  name: string;
  code: string;
}

type Candidate = Awaited<ReturnType<typeof employeesToInvite>>[number];

/** Why an employee cannot be invited, or null. */
async function problemOf(db: Db, e: Candidate, delivery: InviteInput['delivery']): Promise<string | null> {
  if (e.status !== 'active') return 'invitations.archived';
  if (e.userId !== null) return 'invitations.hasAccount';
  if (e.email === null && delivery === 'email') return 'invitations.noEmail';
  if (e.email !== null && (await emailExists(db, e.email))) return 'invitations.emailTaken';
  if ((await builtInEmployeeRole(db, e.companyId)) === undefined) return 'invitations.noEmployeeRole';
  return null;
}

/**
 * Invites employees to create their own Employee account (issue 36.1, decision 066): a one-time
 * link of 7 days per employee, its SHA-256 stored, sent by email (queued sealed) or answered once
 * for the printed sheet. Inviting an employee who has an unused invitation replaces it (a resend).
 * An Admin reaches only its company's employees (another company's read as not found), a
 * SuperAdmin every company's. Named employees are invited all or none (409 naming the first who
 * cannot be: archived, an account already, no address for an email, the address used by another account, no built-in
 * Employee role); `all` invites every active employee without an account and lists who was skipped.
 */
export async function inviteEmployees(db: Db, actor: SessionUser, input: InviteInput): Promise<{ invited: InvitedEmployee[]; skipped: SkippedEmployee[] }> {
  const scope = managedCompany(actor);
  const mail = await readMailSettings(db);
  if (input.delivery === 'email' && !mailConfigured(mail)) throw new AppError('emailSettings.notConfigured', 409);
  const settings = await readSettings(db);
  const lang = isLanguage(settings.defaultLanguage) ? settings.defaultLanguage : 'es';
  const t = translator(lang);

  const result = await db.transaction().execute(async (trx) => {
    const candidates = input.all ? await employeesToInvite(trx, { companyId: scope }) : await employeesToInvite(trx, { ids: [...new Set(input.employees ?? [])] });
    if (!input.all) {
      const found = new Set(candidates.filter((e) => scope === null || e.companyId === scope).map((e) => e.id));
      if (found.size !== new Set(input.employees).size) throw new AppError('errors.notFound', 404);
    }
    if (candidates.length > MAX_INVITATIONS_AT_ONCE) throw new AppError('invitations.tooMany', 422, { max: MAX_INVITATIONS_AT_ONCE });
    const invited: InvitedEmployee[] = [];
    const skipped: SkippedEmployee[] = [];
    const at = nowIso();
    const expiresAt = linkExpiry(at, INVITATION_TTL_MS);
    for (const e of candidates) {
      const name = `${e.firstName} ${e.lastName}`;
      const problem = await problemOf(trx, e, input.delivery);
      if (problem) {
        if (!input.all) throw new AppError(problem, 409, { name, email: e.email });
        skipped.push({ _id: e.id, name, code: problem });
        continue;
      }
      const replaced = await revokeUnusedInvitations(trx, e.id, actor.id, at);
      const token = newAccountToken();
      const id = await insertInvitation(trx, { employeeId: e.id, tokenHash: accountTokenHash(token), email: e.email, delivery: input.delivery, createdBy: actor.id, createdAt: at, expiresAt });
      if (input.delivery === 'email' && e.email !== null) {
        const content = invitationEmail(lang, t, { firstName: e.firstName, companyName: e.companyName, email: e.email, url: appLink(mail.appUrl, invitationPath(token)) });
        await enqueueEmail(trx, { kind: 'invitation', companyId: e.companyId, to: e.email, language: lang, content: sealEmail(content) });
      }
      await appendAudit(trx, { userId: actor.id, entity: 'invitation', entityId: id, action: replaced > 0 ? 'resend' : 'invite', after: { employeeId: e.id, email: e.email, delivery: input.delivery, expiresAt }, at });
      invited.push({ _id: e.id, name, email: e.email, delivery: input.delivery, resent: replaced > 0, ...(input.delivery === 'sheet' ? { path: invitationPath(token) } : {}) });
    }
    return { invited, skipped };
  });
  if (input.delivery === 'email' && result.invited.length > 0) wakeOutbox();
  return result;
}
