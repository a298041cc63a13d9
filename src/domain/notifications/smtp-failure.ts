/**
 * An SMTP failure in plain words (decision 054): nodemailer's error (its `code`, the SMTP
 * `responseCode` and the message of the socket or TLS error beneath) sorted into what an
 * administrator can act on. `key` is an i18n key; `detail` is the server's own words, shortened,
 * shown after the sentence for whoever must look further.
 */
export type SmtpFailureKind = 'refused' | 'notFound' | 'timeout' | 'auth' | 'tls' | 'certificate' | 'rejected' | 'other';

export const SMTP_FAILURE_KEYS: Record<SmtpFailureKind, string> = {
  refused: 'emailSettings.failure.refused',
  notFound: 'emailSettings.failure.notFound',
  timeout: 'emailSettings.failure.timeout',
  auth: 'emailSettings.failure.auth',
  tls: 'emailSettings.failure.tls',
  certificate: 'emailSettings.failure.certificate',
  rejected: 'emailSettings.failure.rejected',
  other: 'emailSettings.failure.other',
};

export interface SmtpFailure {
  kind: SmtpFailureKind;
  key: string;
  detail: string;
}

const DETAIL_MAX = 300;

/** Sorts any thrown value of a send into a failure kind. */
export function smtpFailure(error: unknown): SmtpFailure {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown; responseCode?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : String(error);
  const kind = failureKind(code, message);
  // OpenSSL: "<id>:error:<code>:<library>:<function>:<reason>:<file>:<line>:"; the reason is the useful part.
  const detail = message
    .replace(/^[0-9A-F]{8,}:error:[0-9A-F]+:[^:]*:[^:]*:([^:]+):.*$/s, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, DETAIL_MAX);
  return { kind, key: SMTP_FAILURE_KEYS[kind], detail };
}

function failureKind(code: string, message: string): SmtpFailureKind {
  if (code === 'EAUTH' || code === 'ENOAUTH') return 'auth';
  if (/ECONNREFUSED/.test(message)) return 'refused';
  if (code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(message)) return 'notFound';
  if (/certificate|self[- ]signed|CERT_|unable to verify|Hostname\/IP does not match/i.test(message)) return 'certificate';
  if (code === 'ETLS' || code === 'EREQUIRETLS' || /\bSSL\b|\bTLS\b|STARTTLS|wrong version number|handshake/i.test(message)) return 'tls';
  if (code === 'ETIMEDOUT' || /timed? ?out|ETIMEDOUT/i.test(message)) return 'timeout';
  if (code === 'EENVELOPE') return 'rejected';
  return 'other';
}
