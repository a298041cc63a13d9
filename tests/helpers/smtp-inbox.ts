import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { waitFor } from './wait-for.ts';

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** The AUTH user the client signed in with, if any. */
  authUser: string | null;
}

export interface SmtpInbox {
  port: number;
  messages: ReceivedMail[];
  /** Waits (polling) until a received message matches, and returns it. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, what?: string, ms?: number): Promise<ReceivedMail>;
  /** Messages addressed to this recipient. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

export interface SmtpInboxOptions {
  /** Milliseconds to hold each message before accepting it (a slow server, for crash tests). */
  delayMs?: number;
  /** Accepted AUTH credentials; with them set, AUTH is required. */
  auth?: { user: string; pass: string };
  /** Recipients refused with 550 at RCPT TO. */
  rejectRecipients?: string[];
}

/**
 * A real SMTP server on localhost (the npm package `smtp-server`) that keeps every message it
 * accepts, parsed with mailparser: tests follow a notification all the way to an inbox instead of
 * mocking the mailer. Plain SMTP, no TLS (the app's "security: none").
 */
export async function startSmtpInbox(options: SmtpInboxOptions = {}): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !options.auth,
    logger: false,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) return callback(null, { user: auth.username });
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipients?.includes(address.address)) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      return callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
            authUser: typeof session.user === 'string' ? session.user : null,
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    messages,
    to: (address) => messages.filter((m) => m.to.includes(address)),
    waitFor: (predicate, what = 'an email', ms = 30_000) => waitFor(what, () => messages.find(predicate), ms),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
