import { signInMethodLabel } from '#domain/auth/account-sessions.ts';
import { formatDate, formatTime } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { emailContent } from '#server/mail/email-content.ts';

export interface NewDeviceSignInFacts {
  /** The sign-in (ISO instant), shown in the company zone. */
  at: string;
  device: string;
  address: string | null;
  /** `SignInMethod`. */
  method: string;
  timeZone: string;
  timeFormat: string;
  /** Account settings, where the sessions are ended and the password changed. */
  link: string;
}

/** To the account: it was signed in from a browser it had not used before (decision 093). */
export function newDeviceSignInEmail(lang: Language, t: (key: string, params?: Record<string, unknown>) => string, f: NewDeviceSignInFacts) {
  const when = `${formatDate(f.at, lang, f.timeZone, 'long')} ${formatTime(f.at, lang, f.timeZone, f.timeFormat)}`;
  return emailContent({
    lang,
    subject: t('notifications.newDeviceSignIn.subject'),
    heading: t('notifications.newDeviceSignIn.heading'),
    lines: [
      t('notifications.newDeviceSignIn.line'),
      t('notifications.newDeviceSignIn.when', { when }),
      t('notifications.newDeviceSignIn.device', { device: f.device }),
      t('notifications.newDeviceSignIn.address', { address: f.address ?? '—' }),
      t('notifications.newDeviceSignIn.method', { method: t(signInMethodLabel(f.method)) }),
      t('notifications.newDeviceSignIn.ifYou'),
      t('notifications.newDeviceSignIn.ifNotYou'),
    ],
    action: { label: t('notifications.newDeviceSignIn.action'), url: f.link },
    footer: t('notifications.footerOptional'),
  });
}
