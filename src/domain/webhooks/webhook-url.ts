import { addressClass, METADATA_HOST_NAMES } from '../net/address-class.ts';

/**
 * Which addresses a webhook may post to (decision 058). Administrators with setting.update are
 * trusted with the instance, so private and loopback hosts are allowed (a payroll system on the
 * same network is the usual receiver; tests use 127.0.0.1). What is refused: schemes other than
 * http and https, user names or passwords in the address (they would be shown in lists and logs;
 * a receiver authenticates the signature instead), fragments, very long addresses, and (issue 34,
 * point 7) link-local addresses (169.254.0.0/16, fe80::/10) and cloud metadata host names, where
 * a cloud's metadata service hands out credentials. A host name that resolves to a link-local
 * address is refused at delivery (`services/webhooks/post-webhook.ts`), after DNS. Redirects are never followed when posting (delivery-outcome.ts), so
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
  // The URL parser has already written 0xa9fea9fe, 2852039166 and the like as 169.254.169.254.
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (addressClass(host) === 'linkLocal' || METADATA_HOST_NAMES.has(host)) return 'webhooks.urlLinkLocal';
  return null;
}
