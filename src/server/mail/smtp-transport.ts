import type { MailSettings } from '../../domain/notifications/mail-settings.ts';
import { loadNodemailer } from '../lazy/load-nodemailer.ts';
import type { EmailContent } from './email-content.ts';

/** Seconds an SMTP conversation may stall before the attempt fails (and is retried by the outbox). */
const TIMEOUT_MS = 20_000;

export interface OutgoingEmail {
  to: string;
  content: EmailContent;
  /** A stable Message-ID, so a receiver can tell a repeat from a new message. */
  messageId?: string;
}

/**
 * Sends one message through the configured SMTP server (nodemailer): `tls` = implicit TLS (465),
 * `starttls` = STARTTLS required, `none` = plain (a relay on the same machine or network).
 * Rejects with nodemailer's error (its `code`/`responseCode` say why).
 */
export async function sendEmail(settings: MailSettings, email: OutgoingEmail): Promise<void> {
  const nodemailer = await loadNodemailer();
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    auth: settings.user ? { user: settings.user, pass: settings.password } : undefined,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  try {
    await transport.sendMail({
      from: settings.from,
      to: email.to,
      subject: email.content.subject,
      text: email.content.text,
      html: email.content.html,
      ...(email.messageId ? { messageId: email.messageId } : {}),
    });
  } finally {
    transport.close();
  }
}
