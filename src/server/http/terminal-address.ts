import type { APIContext, AstroGlobal } from 'astro';
import { resolveClientAddress } from '../../domain/net/client-address.ts';
import { ipAllowed, parseIpList, type IpRule } from '../../domain/net/ip-list.ts';
import type { Settings } from '../../domain/settings/settings.ts';

let parsed: { text: string; rules: IpRule[] } | undefined;

function trustedRules(settings: Pick<Settings, 'trustedProxy'>): IpRule[] {
  if (parsed?.text !== settings.trustedProxy) parsed = { text: settings.trustedProxy, rules: parseIpList(settings.trustedProxy).rules };
  return parsed.rules;
}

/**
 * The connection's own address: Astro's `clientAddress`, which is the socket's address as long as
 * `security.allowedDomains` is not configured (astro.config.mjs does not): Astro believes
 * X-Forwarded-For only for hosts listed there.
 */
export function peerAddress(context: APIContext | AstroGlobal): string {
  try {
    return context.clientAddress || 'unknown';
  } catch {
    // No address (e.g. prerendering): stays unknown, which no IP restriction allows.
    return 'unknown';
  }
}

/**
 * The address of the browser or terminal behind a request, for the clock's IP restriction and
 * the clock's and sign-in's rate limits. The connection's address, unless it comes from a trusted
 * proxy (settings `trustedProxy`), whose X-Forwarded-For then names the client
 * (resolveClientAddress).
 */
export function terminalAddress(context: APIContext | AstroGlobal, settings: Pick<Settings, 'trustedProxy'>): string {
  return addressBehind(peerAddress(context), context.request.headers.get('x-forwarded-for'), settings);
}

/** terminalAddress from the connection's address and the X-Forwarded-For header (the clock's fast path). */
export function addressBehind(peer: string, forwardedFor: string | null, settings: Pick<Settings, 'trustedProxy'>): string {
  return resolveClientAddress(peer, forwardedFor, trustedRules(settings));
}

/**
 * Whether the browser reached us over HTTPS: the request's own scheme, or — only from a trusted
 * proxy that terminates TLS — its `X-Forwarded-Proto: https`. Decides the session cookie's Secure
 * flag.
 */
export function requestIsHttps(context: APIContext, settings: Pick<Settings, 'trustedProxy'>): boolean {
  if (context.url.protocol === 'https:') return true;
  const rules = trustedRules(settings);
  if (rules.length === 0 || !ipAllowed(peerAddress(context), rules)) return false;
  const proto = context.request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return proto === 'https';
}
