import type NodemailerModule from 'nodemailer';

let loading: Promise<typeof NodemailerModule> | undefined;

/**
 * nodemailer loaded by the first email rather than at start: most installations send none until
 * SMTP is configured, and start-up time and idle memory are budgets (decision 017).
 */
export function loadNodemailer(): Promise<typeof NodemailerModule> {
  loading ??= import('nodemailer').then((m) => m.default);
  return loading;
}
