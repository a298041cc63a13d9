import type { APIContext, AstroGlobal } from 'astro';
import { resolveClientAddress } from '../../domain/net/client-address.ts';
import { parseIpList, type IpRule } from '../../domain/net/ip-list.ts';
import type { Settings } from '../../domain/settings/settings.ts';

let parsed: { text: string; rules: IpRule[] } | undefined;

/**
 * The address of the browser or terminal behind a request, for the clock's IP restriction and
 * rate limits. The connection's address, unless it comes from a trusted proxy (settings
 * `trustedProxy`), whose X-Forwarded-For then names the client (resolveClientAddress).
 *
 * The connection's address is Astro's `clientAddress`, which is the socket's address as long as
 * `security.allowedDomains` is not configured (astro.config.mjs does not): Astro believes
 * X-Forwarded-For only for hosts listed there.
 */
export function terminalAddress(context: APIContext | AstroGlobal, settings: Pick<Settings, 'trustedProxy'>): string {
  let peer = 'unknown';
  try {
    peer = context.clientAddress || 'unknown';
  } catch {
    // No address (e.g. prerendering): stays unknown, which no IP restriction allows.
  }
  if (parsed?.text !== settings.trustedProxy) parsed = { text: settings.trustedProxy, rules: parseIpList(settings.trustedProxy).rules };
  return resolveClientAddress(peer, context.request.headers.get('x-forwarded-for'), parsed.rules);
}
