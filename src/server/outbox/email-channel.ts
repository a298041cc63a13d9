import { createHmac } from 'node:crypto';
import { instanceConfig } from '../config/instance-config.ts';
import type { Db } from '../db/connection.ts';
import type { OutboxRow } from '../db/repositories/outbox.ts';
import type { EmailContent } from '../mail/email-content.ts';
import { openSealedEmail } from '../mail/sealed-email.ts';
import { mailConfigured, readMailSettings } from '../mail/mail-settings.ts';
import { sendEmail } from '../mail/smtp-transport.ts';
import { PermanentDeliveryError, type OutboxChannel } from './outbox-channels.ts';

/** Part of every Message-ID that tells this installation's messages from another's. */
function instanceTag(): string {
  return createHmac('sha256', instanceConfig().pinPepper).update('jornada message id').digest('hex').slice(0, 16);
}

/** The Message-ID of an outbox row: stable, so a repeat is recognisable as one. */
export function outboxMessageId(id: number): string {
  return `<outbox-${id}.${instanceTag()}@jornada>`;
}

function isEmailContent(value: unknown): value is EmailContent {
  const c = value as Partial<EmailContent> | null;
  return !!c && typeof c.subject === 'string' && typeof c.text === 'string' && typeof c.html === 'string';
}

/** Errors a retry cannot fix: the server refused the recipient for good (5xx at RCPT TO). */
function isPermanent(error: unknown): boolean {
  const e = error as { responseCode?: number; command?: string; code?: string } | null;
  return !!e && typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600 && (e.command === 'RCPT TO' || e.code === 'EENVELOPE');
}

/** The `email` channel: the row's content to its recipient through the SMTP server of the settings. */
export function emailChannel(db: () => Promise<Db>): OutboxChannel {
  return {
    redeliverInterrupted: false,
    async deliver(row: OutboxRow) {
      let content: unknown;
      try {
        content = openSealedEmail(JSON.parse(row.payload));
      } catch {
        content = null;
      }
      if (!isEmailContent(content)) throw new PermanentDeliveryError('The message content is damaged.');
      const settings = await readMailSettings(await db());
      if (!mailConfigured(settings)) throw new Error('No SMTP server is configured.');
      try {
        await sendEmail(settings, { to: row.recipient, content, messageId: outboxMessageId(row.id) });
      } catch (error) {
        if (isPermanent(error)) throw new PermanentDeliveryError(error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
  };
}
