import { parseIpRule } from './ip-list.ts';

/**
 * Host-header allow list against DNS rebinding (JORNADA_ALLOWED_HOSTS): a comma- or
 * space-separated list of host names, each exact (`fichajes.example.com`) or a subdomain wildcard
 * (`*.example.com`, which does not match `example.com` itself). Ports are ignored. An empty list
 * allows every host (the default, so existing installs keep working).
 *
 * Always allowed, so a wrong list can never lock the operator out of a machine they can reach:
 * `localhost` (and `*.localhost`), any IP literal (IPv4 or bracketed IPv6) — a rebinding page
 * always sends its own host *name*, never the server's address — and a request without a Host
 * header (browsers always send one).
 */
export interface AllowedHosts {
  exact: ReadonlySet<string>;
  suffixes: readonly string[];
}

export function parseAllowedHosts(value: string | undefined): AllowedHosts {
  const exact = new Set<string>();
  const suffixes: string[] = [];
  for (const raw of (value ?? '').split(/[\s,]+/)) {
    const name = raw.trim().toLowerCase().replace(/\.$/, '');
    if (!name) continue;
    if (name.startsWith('*.')) suffixes.push(name.slice(1));
    else exact.add(name);
  }
  return { exact, suffixes };
}

/** The host name of a Host header, lower case, without port, brackets or a trailing dot. */
export function hostName(header: string): string {
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') > 0 ? h.indexOf(']') : undefined);
  return h.replace(/:\d*$/, '').replace(/\.$/, '');
}

export function hostAllowed(header: string | undefined, allowed: AllowedHosts): boolean {
  if (allowed.exact.size === 0 && allowed.suffixes.length === 0) return true;
  if (header === undefined || header.trim() === '') return true;
  const name = hostName(header);
  if (name === 'localhost' || name.endsWith('.localhost') || isIpLiteral(name)) return true;
  return allowed.exact.has(name) || allowed.suffixes.some((s) => name.endsWith(s) && name.length > s.length);
}

function isIpLiteral(name: string): boolean {
  return !name.includes('/') && parseIpRule(name) !== undefined;
}
