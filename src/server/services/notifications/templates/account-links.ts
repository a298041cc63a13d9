import type { Language } from '#i18n/languages.ts';
import { emailContent, type EmailContent } from '#server/mail/email-content.ts';
import type { Translate } from '../notify.ts';

/** The invitation (decision 066): who invites, the link, how long it lasts, the address to sign in with. */
export function invitationEmail(lang: Language, t: Translate, f: { firstName: string; companyName: string; email: string; url: string }): EmailContent {
  return emailContent({
    lang,
    subject: t('invitations.email.subject', { company: f.companyName }),
    heading: t('invitations.email.heading', { name: f.firstName }),
    lines: [t('invitations.email.line', { company: f.companyName }), t('invitations.email.signInWith', { email: f.email }), t('invitations.email.expiry')],
    action: { label: t('invitations.email.action'), url: f.url },
    footer: t('invitations.email.footer'),
  });
}

/** The password reset link (decision 066): one hour, once; ignore it if you did not ask. */
export function passwordResetEmail(lang: Language, t: Translate, f: { url: string }): EmailContent {
  return emailContent({
    lang,
    subject: t('passwordReset.email.subject'),
    heading: t('passwordReset.email.heading'),
    lines: [t('passwordReset.email.line'), t('passwordReset.email.expiry')],
    action: { label: t('passwordReset.email.action'), url: f.url },
    footer: t('passwordReset.email.footer'),
  });
}
