import { ipAllowed, parseIpRule, type IpRule } from './ip-list.ts';

/** An X-Forwarded-For entry without a port or brackets ("[2001:db8::1]:443" -> "2001:db8::1"); undefined if it is no address. */
function plainAddress(entry: string): string | undefined {
  let text = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  return parseIpRule(text.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1')) ? text : undefined;
}

/**
 * The address of the client behind the connection `peer`. Forwarded headers are believed only
 * when the connection comes from a trusted proxy (settings `trustedProxy`; none by default):
 * then X-Forwarded-For is read from the right — each proxy appends the address it saw — skipping
 * trusted proxies, and the first other address is the client. Anything a client could have
 * written itself (entries left of an untrusted one) is ignored. A malformed entry where the client
 * should be yields "unknown", which no IP restriction allows.
 */
export function resolveClientAddress(peer: string, forwardedFor: string | null | undefined, trusted: readonly IpRule[]): string {
  if (trusted.length === 0 || !forwardedFor || !ipAllowed(peer, trusted)) return peer;
  const entries = forwardedFor
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (let i = entries.length - 1; i >= 0; i--) {
    const address = plainAddress(entries[i]!);
    if (!address) return 'unknown';
    if (!ipAllowed(address, trusted)) return address;
    if (i === 0) return address;
  }
  return peer;
}
