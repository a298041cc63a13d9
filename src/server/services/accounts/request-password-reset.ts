import { linkExpiry, PASSWORD_RESET_TTL_MS, passwordResetPath } from '#domain/accounts/account-links.ts';
import { isLanguage } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { signInGuard, tooManyAttempts } from '../../auth/sign-in-guard.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { insertPasswordReset } from '../../db/repositories/account-links.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { readSettings } from '../../db/repositories/settings.ts';
import { findUserWithRole } from '../../db/repositories/users.ts';
import { findRecipientAccounts } from '../../db/repositories/notification-recipients.ts';
import { appLink } from '../../mail/email-content.ts';
import { mailConfigured, readMailSettings } from '../../mail/mail-settings.ts';
import { sealEmail } from '../../mail/sealed-email.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';
import { log } from '../../log.ts';
import { passwordResetEmail } from '../notifications/templates/account-links.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import { accountTokenHash, newAccountToken } from './account-token.ts';

/** Issues the link and queues its email, if the address names an enabled account and email is set up. */
async function issueReset(db: Db, email: string): Promise<void> {
  const user = await findUserWithRole(db, { email });
  if (!user || user.status !== 'enabled') return;
  const mail = await readMailSettings(db);
  if (!mailConfigured(mail)) {
    log.warn({ userId: user.id }, 'password reset asked for, but email is not set up: no link sent');
    return;
  }
  const [account] = await findRecipientAccounts(db, [user.id]);
  const fallback = (await readSettings(db)).defaultLanguage;
  const lang = account && isLanguage(account.language) ? account.language : fallback;
  const token = newAccountToken();
  await db.transaction().execute(async (trx) => {
    const at = nowIso();
    const id = await insertPasswordReset(trx, { userId: user.id, tokenHash: accountTokenHash(token), createdAt: at, expiresAt: linkExpiry(at, PASSWORD_RESET_TTL_MS) });
    const content = passwordResetEmail(lang, translator(lang), { url: appLink(mail.appUrl, passwordResetPath(token)) });
    await enqueueEmail(trx, { kind: 'passwordReset', companyId: user.companyId, to: user.email, language: lang, content: sealEmail(content) });
    await appendAudit(trx, { userId: user.id, entity: 'user', entityId: user.id, action: 'password-reset-request', after: { resetId: id }, at });
  });
  wakeOutbox();
}

/**
 * "Forgot your password?" (issue 36.2, decision 066). The request takes a place in the sign-in
 * limits (decision 022: the same keys, account + address, address, account; a request counts as
 * an attempt) before anything is looked up, so it is refused (429) alike for any address. The
 * answer never says whether the address has an account: the lookup, the link (1 hour, single use,
 * SHA-256 stored) and its sealed email are made after the caller has answered, in `done`, which
 * logs its own failures and never rejects.
 */
export async function requestPasswordReset(db: Db, input: { email: string; address: string }): Promise<{ done: Promise<void> }> {
  const email = input.email.toLowerCase();
  const reservation = await signInGuard.reserve(email, input.address);
  if (!reservation.ok) throw tooManyAttempts('errors.tooManySignIns', reservation.retryAfterMs);
  await reservation.ticket.fail();
  const done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => issueReset(db, email)).catch((error: unknown) => log.error({ err: error }, 'password reset link not issued'));
  return { done };
}
