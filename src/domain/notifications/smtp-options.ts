/**
 * How the instance's SMTP settings become a connection (decision 054), shared by the outbox's
 * email channel and "Send test email" so both connect the same way:
 * - `none`: plain SMTP, never upgraded (a server that offers STARTTLS with a certificate the host
 *   does not trust would otherwise fail every message);
 * - `starttls`: plain connection upgraded with STARTTLS, refused when the server does not offer it;
 * - `tls`: TLS from the first byte (usually port 465).
 * Certificates are always verified. The timeouts keep a dead server from holding a request or the
 * sender for minutes (nodemailer's defaults are 2 min for the connection and 10 min for the socket).
 */
import type { MailSecurity } from './mail-settings.ts';

export const SMTP_CONNECTION_TIMEOUT_MS = 10_000;
export const SMTP_GREETING_TIMEOUT_MS = 10_000;
export const SMTP_SOCKET_TIMEOUT_MS = 30_000;

export interface SmtpServer {
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
  password: string;
}

/** Options for nodemailer's `createTransport` (SMTP transport). */
export interface SmtpTransportOptions {
  host: string;
  port: number;
  secure: boolean;
  requireTLS: boolean;
  ignoreTLS: boolean;
  auth?: { user: string; pass: string };
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

export function smtpTransportOptions(server: SmtpServer): SmtpTransportOptions {
  return {
    host: server.host,
    port: server.port,
    secure: server.security === 'tls',
    requireTLS: server.security === 'starttls',
    ignoreTLS: server.security === 'none',
    // No user: the server is asked without AUTH (a relay that trusts the host's address).
    ...(server.user ? { auth: { user: server.user, pass: server.password } } : {}),
    connectionTimeout: SMTP_CONNECTION_TIMEOUT_MS,
    greetingTimeout: SMTP_GREETING_TIMEOUT_MS,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
  };
}
