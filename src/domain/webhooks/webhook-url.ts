/**
 * Which addresses a webhook may post to (decision 058). Administrators with setting.update are
 * trusted with the instance, so any host is allowed, private and loopback ones included (a
 * payroll system on the same network is the usual receiver; tests use 127.0.0.1). What is
 * refused: schemes other than http and https, user names or passwords in the address (they
 * would be shown in lists and logs; a receiver authenticates the signature instead), fragments,
 * and very long addresses. Redirects are never followed when posting (delivery-outcome.ts), so
 * a delivery reaches exactly the address the administrator typed.
 */
export const WEBHOOK_URL_MAX = 2000;

/** An i18n key naming what is wrong with the address, or null when it may be used. */
export function webhookUrlProblem(input: string): string | null {
  if (input.length > WEBHOOK_URL_MAX) return 'validation.tooLong';
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return 'webhooks.urlInvalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'webhooks.urlScheme';
  if (url.username !== '' || url.password !== '') return 'webhooks.urlCredentials';
  if (url.hash !== '' || input.includes('#')) return 'webhooks.urlFragment';
  if (url.hostname === '') return 'webhooks.urlInvalid';
  return null;
}
