import { mailConfigured } from '#domain/notifications/mail-settings.ts';
import { smtpFailure } from '#domain/notifications/smtp-failure.ts';
import type { TestEmailInput } from '#domain/notifications/test-email.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { formatDate, formatTime } from '#domain/format/intl-format.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../http/app-error.ts';
import { log } from '../../log.ts';
import { appLink, emailContent } from '../../mail/email-content.ts';
import { readMailSettings } from '../../mail/mail-settings.ts';
import { sendEmail } from '../../mail/smtp-transport.ts';
import { getSettings } from '../get-settings.ts';

/**
 * "Send test email" (decision 054): one message through the SAVED SMTP settings, sent now and
 * not through the outbox, so the administrator sees at once whether the server takes it.
 * 409 `emailSettings.notConfigured` without a server and a sender; an SMTP failure is 502 with
 * its plain-words reason (refused, not found, timeout, sign-in refused, TLS, certificate, address
 * refused) and the server's own words as `detail`. Nothing is written.
 */
export async function sendTestEmail(db: Db, input: TestEmailInput, sender: { name: string; lang: Language }): Promise<{ accepted: string }> {
  const settings = await readMailSettings(db);
  if (!mailConfigured(settings)) throw new AppError('emailSettings.notConfigured', 409);
  const t = translator(sender.lang);
  const { timezone, timeFormat } = await getSettings(db);
  const now = nowIso();
  const at = `${formatDate(now, sender.lang, timezone)} ${formatTime(now, sender.lang, timezone, timeFormat)}`;
  const content = emailContent({
    lang: sender.lang,
    subject: t('emailSettings.testSubject'),
    heading: t('emailSettings.testHeading'),
    lines: [t('emailSettings.testLine', { host: settings.host, name: sender.name }), t('emailSettings.testSentAt', { at })],
    ...(settings.appUrl ? { action: { label: t('emailSettings.testOpen'), url: appLink(settings.appUrl, '/setting#email') } } : {}),
  });
  try {
    // The same transport as the outbox's email channel, so the test connects as the messages will.
    await sendEmail(settings, { to: input.to, content });
  } catch (error) {
    const failure = smtpFailure(error);
    log.info({ kind: failure.kind, detail: failure.detail }, 'test email failed');
    throw new AppError(failure.key, 502, { host: settings.host, port: settings.port, detail: failure.detail });
  }
  return { accepted: input.to };
}
