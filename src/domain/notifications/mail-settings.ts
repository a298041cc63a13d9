import * as v from 'valibot';

/**
 * The instance's SMTP server (issue 22 point 1, decision 054): one per installation, used for
 * every company. `appUrl` is the address people open the app at, for links in emails.
 */
export type MailSecurity = 'none' | 'starttls' | 'tls';
export const MAIL_SECURITY: readonly MailSecurity[] = ['none', 'starttls', 'tls'];

export interface MailSettings {
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
  /** Plain text in memory only; stored encrypted. */
  password: string;
  from: string;
  appUrl: string;
}

export const EMPTY_MAIL_SETTINGS: Readonly<MailSettings> = { host: '', port: 587, security: 'starttls', user: '', password: '', from: '', appUrl: '' };

/** Email is sent only when a server and a sender are set. */
export function mailConfigured(settings: MailSettings): boolean {
  return settings.host.length > 0 && settings.from.length > 0;
}

const HOST_RE = /^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/;
const ADDRESS_RE = /^[^\s@<>"]+@[^\s@<>"]+$/;
/** "Name <address>" or a bare address. */
const FROM_RE = /^(?:[^<>"\r\n]{1,120} <[^\s@<>"]+@[^\s@<>"]+>|[^\s@<>"]+@[^\s@<>"]+)$/;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/**
 * What PUT /api/settings/email takes. An empty host switches email off. `password` absent keeps
 * the stored one; an empty string clears it.
 */
export const MailSettingsInput = v.object({
  host: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.maxLength(253, 'validation.tooLong'),
    v.check((h: string) => h === '' || HOST_RE.test(h), 'mail.invalidHost'),
  ),
  port: v.pipe(v.number('validation.invalidNumber'), v.integer('mail.invalidPort'), v.minValue(1, 'mail.invalidPort'), v.maxValue(65535, 'mail.invalidPort')),
  security: v.picklist(MAIL_SECURITY, 'validation.invalidInput'),
  user: v.pipe(v.string('validation.required'), v.trim(), v.maxLength(254, 'validation.tooLong')),
  password: v.optional(v.pipe(v.string('validation.invalidInput'), v.maxLength(512, 'validation.tooLong'))),
  from: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.maxLength(320, 'validation.tooLong'),
    v.check((f: string) => f === '' || FROM_RE.test(f), 'mail.invalidFrom'),
  ),
  appUrl: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.maxLength(2000, 'validation.tooLong'),
    v.check((u: string) => u === '' || isHttpUrl(u), 'mail.invalidAppUrl'),
    v.transform((u: string) => u.replace(/\/+$/, '')),
  ),
});
export type MailSettingsInput = v.InferOutput<typeof MailSettingsInput>;

/** A sender must come with a server, and a server with a sender. */
export function mailSettingsProblems(input: MailSettingsInput): Record<string, string> {
  if (input.host !== '' && input.from === '') return { from: 'validation.required' };
  if (input.host === '' && input.from !== '') return { host: 'validation.required' };
  return {};
}

export function isEmailAddress(text: string): boolean {
  return text.length <= 254 && ADDRESS_RE.test(text);
}
